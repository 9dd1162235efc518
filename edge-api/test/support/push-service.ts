/**
 * A local stand-in for a browser's push service (RFC 8030), to test the sender end to end.
 * Each "device" it makes has its own P-256 key pair and auth secret, as a browser's
 * PushSubscription does. A push to it is accepted only with a valid VAPID token (RFC 8292:
 * ES256 over the endpoint's origin, signed by the server's public key given in `k`), and is
 * decrypted (RFC 8291, aes128gcm) with the device's keys, so a test reads what the phone
 * would show. Tests can make it refuse (503), hold requests unanswered, or say a device is gone (410).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { webcrypto as wc } from 'node:crypto';

type Key = wc.CryptoKey;

const b64 = {
  encode: (bytes: ArrayBuffer | Uint8Array) => Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toString('base64url'),
  decode: (text: string) => new Uint8Array(Buffer.from(text, 'base64url')),
};

export interface StandInDevice {
  id: string;
  /** What the browser gives `PushSubscription.toJSON()`. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  privateKey: Key;
  publicKey: Uint8Array;
  authSecret: Uint8Array;
}

export interface ReceivedPush {
  device: string;
  payload: Record<string, unknown>;
  ttl: string | undefined;
}

export interface PushServiceStandIn {
  origin: string;
  /** Pushes accepted and decrypted, in order. */
  received: ReceivedPush[];
  /** Every request that reached the stand-in, with the status it was answered (0 while held). */
  attempts: { device: string; status: number }[];
  /** Problems with a request (bad token, undecryptable body), answered 400/401: a test should see none. */
  problems: string[];
  /** The most requests open at the same time since the start (or `resetPeak`): how wide the sender fans out. */
  peakOpen: number;
  resetPeak(): void;
  newDevice(): Promise<StandInDevice>;
  /** The next `count` pushes to each device are refused with 503 (a push service that is down). */
  refuseNext(count: number): void;
  /** The device's subscription expired: every push to it gets 410 Gone. */
  gone(deviceId: string): void;
  /** Requests are kept open, unanswered, until `release()`. */
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

async function hkdf(salt: Uint8Array, ikm: Uint8Array, info: Uint8Array, bytes: number): Promise<Uint8Array> {
  const key = await wc.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(await wc.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, bytes * 8));
}

const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));
const text = (value: string) => new TextEncoder().encode(value);

/** RFC 8291 section 3.4 and RFC 8188: one aes128gcm record, decrypted with the device's keys. */
async function decrypt(device: StandInDevice, body: Uint8Array): Promise<string> {
  const salt = body.slice(0, 16);
  const idLength = body[20]!;
  const serverPublic = body.slice(21, 21 + idLength);
  const record = body.slice(21 + idLength);
  const serverKey = await wc.subtle.importKey('raw', serverPublic, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const shared = new Uint8Array(await wc.subtle.deriveBits({ name: 'ECDH', public: serverKey }, device.privateKey, 256));
  const ikm = await hkdf(device.authSecret, shared, concat(text('WebPush: info\0'), device.publicKey, serverPublic), 32);
  const cek = await hkdf(salt, ikm, text('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(salt, ikm, text('Content-Encoding: nonce\0'), 12);
  const key = await wc.subtle.importKey('raw', cek, 'AES-GCM', false, ['decrypt']);
  const padded = new Uint8Array(await wc.subtle.decrypt({ name: 'AES-GCM', iv: nonce }, key, record));
  // The last record ends with 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return new TextDecoder().decode(padded.slice(0, end));
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT is ES256, for this origin, not expired. */
async function checkVapid(header: string | undefined, origin: string, expectedKey: () => string | null): Promise<string | null> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return `no VAPID authorization: ${header}`;
  const [, token, k] = match as unknown as [string, string, string];
  const expected = expectedKey();
  if (expected && k !== expected) return 'VAPID key is not the server key';
  const [head, claims, signature] = token.split('.') as [string, string, string];
  const point = b64.decode(k);
  const key = await wc.subtle.importKey('raw', point, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
  const valid = await wc.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, b64.decode(signature), text(`${head}.${claims}`));
  if (!valid) return 'VAPID signature does not verify';
  const header64 = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
  if (header64.alg !== 'ES256') return `VAPID alg ${header64.alg}`;
  const body = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string };
  if (body.aud !== origin) return `VAPID aud ${body.aud} is not ${origin}`;
  const now = Date.now() / 1000;
  if (!body.exp || body.exp < now || body.exp > now + 24 * 3600) return `VAPID exp ${body.exp} out of range`;
  if (!body.sub || !/^(mailto:|https:)/.test(body.sub)) return `VAPID sub ${body.sub}`;
  return null;
}

/** `serverKey`: the API's VAPID public key once known (GET /api/notifications/push-key). */
export async function startPushService(serverKey: () => string | null = () => null): Promise<PushServiceStandIn> {
  const devices = new Map<string, StandInDevice>();
  const refusals = new Map<string, number>();
  const goneDevices = new Set<string>();
  const held: ServerResponse[] = [];
  let holding = false;
  let refuseCount = 0;
  let open = 0;
  const stand: Omit<PushServiceStandIn, 'origin'> & { origin: string } = {
    origin: '',
    received: [],
    attempts: [],
    problems: [],
    peakOpen: 0,
    resetPeak: () => void (stand.peakOpen = open),
    async newDevice() {
      const pair = (await wc.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as wc.CryptoKeyPair;
      const publicKey = new Uint8Array(await wc.subtle.exportKey('raw', pair.publicKey));
      const authSecret = wc.getRandomValues(new Uint8Array(16));
      const id = crypto.randomUUID();
      const device: StandInDevice = {
        id,
        privateKey: pair.privateKey,
        publicKey,
        authSecret,
        subscription: { endpoint: `${stand.origin}/push/${id}`, keys: { p256dh: b64.encode(publicKey), auth: b64.encode(authSecret) } },
      };
      devices.set(id, device);
      refusals.set(id, refuseCount);
      return device;
    },
    refuseNext(count) {
      refuseCount = count;
      for (const id of devices.keys()) refusals.set(id, count);
    },
    gone: (id) => void goneDevices.add(id),
    hold: () => void (holding = true),
    release() {
      holding = false;
      for (const res of held.splice(0)) res.destroy();
    },
    close: async () => {
      stand.release();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    open++;
    stand.peakOpen = Math.max(stand.peakOpen, open);
    // Answered, or given up by the sender (its timeout): either way no longer open.
    res.once('close', () => open--);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? '';
    const device = devices.get(id);
    const answer = (status: number) => {
      stand.attempts.push({ device: id, status });
      res.writeHead(status).end();
    };
    if (!device || req.method !== 'POST') return answer(404);
    if (holding) {
      stand.attempts.push({ device: id, status: 0 });
      held.push(res);
      return;
    }
    if (goneDevices.has(id)) return answer(410);
    const left = refusals.get(id) ?? 0;
    if (left > 0) {
      refusals.set(id, left - 1);
      return answer(503);
    }
    const problem = await checkVapid(req.headers.authorization, stand.origin, serverKey);
    if (problem) {
      stand.problems.push(problem);
      return answer(401);
    }
    if (req.headers['content-encoding'] !== 'aes128gcm') {
      stand.problems.push(`content-encoding ${req.headers['content-encoding']}`);
      return answer(400);
    }
    try {
      const payload = JSON.parse(await decrypt(device, new Uint8Array(Buffer.concat(chunks)))) as Record<string, unknown>;
      stand.received.push({ device: id, payload, ttl: req.headers.ttl as string | undefined });
      answer(201);
    } catch (error) {
      stand.problems.push(`undecryptable: ${String(error)}`);
      answer(400);
    }
  }

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', () => listening()));
  stand.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return stand;
}

/** Settings for startApi: quick retries, and the stand-in's plain-http address accepted. */
export const pushTestEnv: Record<string, string> = {
  PUSH_ALLOW_LOOPBACK_HTTP: 'true',
  PUSH_RETRY_BASE_MS: '50',
  PUSH_RETRY_MAX_MS: '200',
  PUSH_SEND_INTERVAL_MS: '25',
  PUSH_LEASE_MS: '2000',
  PUSH_TIMEOUT_MS: '2000',
};
