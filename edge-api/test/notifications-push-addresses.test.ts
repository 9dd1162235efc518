/**
 * Issue 47: push goes only to the browsers' push services (docs/decisions/0100). A subscription
 * to any other address is refused when saved, and a row that holds one anyway (saved before the
 * rule, or put straight into the database) is never contacted when a push is sent: a TCP
 * listener on this machine sees no connection, the push fails and the device is forgotten.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateVapidKeys } from '../src/notifications/vapid.ts';
import { useApi, useStarted } from './support/app.ts';
import { adminReject, apply, call } from './support/calls.ts';
import { insertPolicy } from './support/records.ts';
import { pushTestEnv, startPushService } from './support/push-service.ts';
import { runtime, type ApiTarget } from './support/target.ts';
import { createTestUser } from './support/users.ts';

/** A Worker has its VAPID keys from its secrets; Node makes its own. */
const workerKeys = runtime === 'worker' ? await generateVapidKeys() : null;
const vapidEnv: Record<string, string> = workerKeys ? { VAPID_PUBLIC_KEY: workerKeys.publicKey, VAPID_PRIVATE_KEY: workerKeys.privateKey } : {};

/** What the browser's PushSubscription gives besides its endpoint: well-formed keys (the refusal is about the address). */
const keys = { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' };

interface Listener {
  port: number;
  /** Connections it was ever asked for. */
  connections: number;
  close(): Promise<void>;
}

/**
 * A plain TCP listener on this machine's loopback, IPv4 and IPv6 where the machine has it: it
 * only counts connections, so a test can prove the server never opened one.
 */
async function startListener(): Promise<Listener> {
  const sockets = new Set<Socket>();
  const state = { connections: 0 };
  const listen = (host: string) =>
    new Promise<Server>((listening, failed) => {
      const server = createServer((socket) => {
        state.connections++;
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.destroy();
      });
      server.once('error', failed);
      server.listen({ host, port: 0, ipv6Only: false }, () => listening(server));
    });
  // '::' takes both families (IPv4 as mapped addresses), so 'localhost' is covered whichever it names first.
  const server = await listen('::').catch(() => listen('127.0.0.1'));
  return {
    port: (server.address() as AddressInfo).port,
    get connections() {
      return state.connections;
    },
    close: () => new Promise<void>((closed) => server.close(() => closed())),
  };
}

/** Polls until `check` gives a value; on the Worker each poll is also a cron tick, as Cloudflare's every minute. */
async function until<T>(api: ApiTarget, what: string, check: () => Promise<T | undefined | null | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await api.scheduled?.('* * * * *');
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((tick) => setTimeout(tick, 50));
  }
}

/** A device row put straight into the database, as one saved before the rule would be. */
async function insertDevice(api: ApiTarget, userId: string, endpoint: string, createdAt = new Date().toISOString()): Promise<string> {
  const id = crypto.randomUUID();
  await api.sql('INSERT INTO push_subscriptions (id, user_id, endpoint, p256dh, auth, created_at) VALUES (?, ?, ?, ?, ?, ?)', id, userId, endpoint, keys.p256dh, keys.auth, createdAt);
  return id;
}

const deliveriesTo = (api: ApiTarget, ids: string[]) =>
  api.sql<{ subscription_id: string; status: string; last_error: string | null }>(
    `SELECT subscription_id, status, last_error FROM push_deliveries WHERE subscription_id IN (${ids.map(() => '?').join(', ')})`,
    ...ids,
  );

describe(`push subscription addresses on ${runtime}`, () => {
  const push = useStarted(() => startPushService(), (started) => started.close());
  // As in production: no loopback stand-in allowed.
  const { api, customer } = useApi({ customer: 'user' });

  const save = (endpoint: string, user = customer) => call(api, 'PUT', '/api/notifications/subscriptions', user, { endpoint, expirationTime: null, keys });

  const refused: [kind: string, endpoint: () => string][] = [
    ['loopback IPv4', () => 'https://127.0.0.1/push/1'],
    ['loopback IPv4 on another port', () => 'https://127.0.0.1:9443/internal/admin'],
    ['localhost', () => 'https://localhost/push/1'],
    ['a private address (10.x)', () => 'https://10.0.0.5/push/1'],
    ['a private address (192.168.x)', () => 'https://192.168.1.1/push/1'],
    ['the cloud metadata address (169.254.169.254)', () => 'https://169.254.169.254/latest/meta-data/'],
    ['IPv6 loopback', () => 'https://[::1]/push/1'],
    ['an IPv6 literal', () => 'https://[2001:db8::1]/push/1'],
    ['an IPv4-mapped IPv6 literal', () => 'https://[::ffff:127.0.0.1]/push/1'],
    ['loopback written as one hexadecimal number', () => 'https://0x7f000001/push/1'],
    ['loopback written as one decimal number', () => 'https://2130706433/push/1'],
    ['a push service on a port other than 443', () => 'https://fcm.googleapis.com:8443/fcm/send/1'],
    ['plain http to a push service', () => 'http://fcm.googleapis.com/fcm/send/1'],
    ['a user name and password', () => 'https://user:secret@fcm.googleapis.com/fcm/send/1'],
    ['a user name alone', () => 'https://user@updates.push.services.mozilla.com/wpush/v2/1'],
    ['an unknown host', () => 'https://push.example.com/device/1'],
    ['a look-alike ending in another domain', () => 'https://fcm.googleapis.com.evil.example/fcm/send/1'],
    ['a look-alike under another Windows host', () => 'https://notify.windows.com.evil.example/w/?token=1'],
    ['a name that only ends with the same letters', () => 'https://evilnotify.windows.com/w/?token=1'],
    ['another name under a push service domain', () => 'https://evil.fcm.googleapis.com/fcm/send/1'],
    ['the bare Apple domain, not a host under it', () => 'https://push.apple.com/1'],
    ['a trailing dot', () => 'https://fcm.googleapis.com./fcm/send/1'],
    ['the loopback stand-in without PUSH_ALLOW_LOOPBACK_HTTP', () => `${push.origin}/push/1`],
  ];

  for (const [kind, endpoint] of refused) {
    it(`refuses ${kind}`, async () => {
      const address = endpoint();
      const res = await save(address);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body).toEqual({
        error: 'validation_failed',
        message: 'This is not the address of a browser push service we can send to',
        fields: { endpoint: 'This is not the address of a browser push service we can send to' },
      });
      expect(await api.sql('SELECT id FROM push_subscriptions WHERE endpoint = ?', address)).toEqual([]);
    });
  }

  // The addresses browsers give (shapes as Chrome, Firefox, Safari and Edge make them).
  const accepted: [service: string, endpoint: string][] = [
    ['Firebase Cloud Messaging (Chrome)', 'https://fcm.googleapis.com/fcm/send/dG9rZW4tMQ:APA91bHPRgkFLJu3d5Kn4mX'],
    ['Firebase Cloud Messaging, Web Push form', 'https://fcm.googleapis.com/wp/dG9rZW4tMg:APA91bE'],
    ['Firebase Cloud Messaging with the default port written out', 'https://fcm.googleapis.com:443/fcm/send/dG9rZW4tMw'],
    ['Firebase Cloud Messaging in capitals', 'https://FCM.GOOGLEAPIS.COM/fcm/send/dG9rZW4tNA'],
    ["Mozilla's autopush (Firefox)", 'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABkZ3Rva2Vu'],
    ["Mozilla's push service name", 'https://push.services.mozilla.com/wpush/v1/gAAAAABkZ3Rva2Vu'],
    ["Apple's web push (Safari)", 'https://web.push.apple.com/QGuQyavXutnMH-token'],
    ['Microsoft WNS (Edge)', 'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD%2bdG9rZW4'],
    ['Microsoft WNS, another data centre', 'https://db5p.notify.windows.com/w/?token=BQYAAAD'],
  ];

  for (const [service, endpoint] of accepted) {
    it(`accepts ${service}`, async () => {
      // A person each: nothing notifies them, so nothing is ever sent to these real services.
      const person = await createTestUser(api, 'user');
      const res = await save(endpoint, person);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await api.sql('SELECT user_id FROM push_subscriptions WHERE endpoint = ?', endpoint)).toEqual([{ user_id: person.id }]);
    });
  }
});

describe(`sending on ${runtime}: a bad address in the database is never contacted`, () => {
  let listener: Listener;
  beforeAll(async () => {
    listener = await startListener();
  });
  afterAll(() => listener?.close());

  describe('with the loopback stand-in allowed (tests)', () => {
    let serverKey: string | null = null;
    const push = useStarted(() => startPushService(() => serverKey), (started) => started.close());
    const { api, admin, customer } = useApi({ admin: 'admin', customer: 'user' }, { env: { ...pushTestEnv, ...vapidEnv } });

    it('delivers to the stand-in, and never opens a connection to the addresses that are no push service', async () => {
      serverKey = (await call(api, 'GET', '/api/notifications/push-key', customer)).body.publicKey;
      const policy = await insertPolicy(api);
      const phone = await push.newDevice();
      expect((await call(api, 'PUT', '/api/notifications/subscriptions', customer, phone.subscription)).status).toBe(200);
      const { port } = listener;
      // Still refused with the stand-in allowed: only plain http on loopback, with no user name, is.
      const bad = [
        await insertDevice(api, customer.id, `https://127.0.0.1:${port}/push/a`),
        await insertDevice(api, customer.id, `https://localhost:${port}/push/b`),
        await insertDevice(api, customer.id, `http://user:secret@127.0.0.1:${port}/push/c`),
        await insertDevice(api, customer.id, `https://[::1]:${port}/push/d`),
      ];

      await adminReject(api, admin, await apply(api, customer, policy.id));
      await until(api, 'the push on the phone and the bad addresses settled', async () => {
        const settled = (await deliveriesTo(api, bad)).filter((row) => row.status !== 'pending');
        return push.received.length === 1 && settled.length === bad.length;
      });

      expect(listener.connections).toBe(0);
      expect(push.received.map((received) => received.device)).toEqual([phone.id]);
      expect(await deliveriesTo(api, bad)).toEqual(bad.map(() => expect.objectContaining({ status: 'failed', last_error: 'not a push service address' })));
      // Such a device is forgotten: it is never tried again.
      expect(await api.sql(`SELECT id FROM push_subscriptions WHERE id IN (${bad.map(() => '?').join(', ')})`, ...bad)).toEqual([]);
      expect((await call(api, 'GET', '/api/admin/push-health', admin)).body).toMatchObject({ sent: 1, failed: bad.length, subscriptions: 1 });
    });
  });

  describe('as in production (no loopback stand-in)', () => {
    const push = useStarted(() => startPushService(), (started) => started.close());
    const withoutLoopback = Object.fromEntries(Object.entries(pushTestEnv).filter(([name]) => name !== 'PUSH_ALLOW_LOOPBACK_HTTP'));
    const { api, admin, customer } = useApi({ admin: 'admin', customer: 'user' }, { env: { ...withoutLoopback, ...vapidEnv } });

    it('contacts neither the stand-in nor the listener, whose rows were saved before the rule', async () => {
      const policy = await insertPolicy(api);
      const device = await push.newDevice();
      const bad = [
        await insertDevice(api, customer.id, device.subscription.endpoint),
        await insertDevice(api, customer.id, `https://127.0.0.1:${listener.port}/internal/admin`),
      ];
      await adminReject(api, admin, await apply(api, customer, policy.id));
      await until(api, 'the bad addresses settled', async () => {
        const rows = await deliveriesTo(api, bad);
        return rows.length === bad.length && rows.every((row) => row.status !== 'pending');
      });

      expect(listener.connections).toBe(0);
      expect(push.attempts).toEqual([]);
      expect(await deliveriesTo(api, bad)).toEqual(bad.map(() => expect.objectContaining({ status: 'failed', last_error: 'not a push service address' })));
    });
  });
});
