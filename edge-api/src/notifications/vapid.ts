/**
 * VAPID (RFC 8292) with Web Crypto only, so it runs on Node and on the Worker alike. The
 * payload's encryption (RFC 8291) comes from @block65/webcrypto-web-push; the token is made
 * here because that library refuses non-https endpoints, and a local push-service stand-in
 * (PUSH_ALLOW_LOOPBACK_HTTP, tests only) is plain http.
 */
import type { VapidKeys } from '../http/push-config.ts';

export const base64url = {
  encode(bytes: Uint8Array | ArrayBuffer): string {
    const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
    let text = '';
    for (const byte of view) text += String.fromCharCode(byte);
    return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  },
  decode(text: string): Uint8Array<ArrayBuffer> {
    const plain = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
    return Uint8Array.from(plain, (c) => c.charCodeAt(0));
  },
};

const encodeJson = (value: unknown) => base64url.encode(new TextEncoder().encode(JSON.stringify(value)));

type SigningKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;
const signingKeys = new Map<string, Promise<SigningKey>>();

function signingKey(keys: VapidKeys): Promise<SigningKey> {
  let key = signingKeys.get(keys.privateKey);
  if (!key) {
    const point = base64url.decode(keys.publicKey);
    key = crypto.subtle.importKey(
      'jwk',
      { kty: 'EC', crv: 'P-256', x: base64url.encode(point.slice(1, 33)), y: base64url.encode(point.slice(33, 65)), d: keys.privateKey },
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['sign'],
    );
    signingKeys.set(keys.privateKey, key);
  }
  return key;
}

/** The Authorization header for one push request: a token for the endpoint's origin. */
export async function vapidAuthorization(endpoint: string, keys: VapidKeys & { subject: string }, now: Date): Promise<string> {
  const claims = { aud: new URL(endpoint).origin, exp: Math.floor(now.getTime() / 1000) + 12 * 3600, sub: keys.subject };
  const unsigned = `${encodeJson({ typ: 'JWT', alg: 'ES256' })}.${encodeJson(claims)}`;
  // Web Crypto's ECDSA signature is r || s, the form JWS (ES256) wants.
  const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, await signingKey(keys), new TextEncoder().encode(unsigned));
  return `vapid t=${unsigned}.${base64url.encode(signature)}, k=${keys.publicKey}`;
}

/** A new key pair, in the form VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY take. */
export async function generateVapidKeys(): Promise<VapidKeys> {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as { privateKey: SigningKey; publicKey: SigningKey };
  const jwk = await crypto.subtle.exportKey('jwk', pair.privateKey);
  const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  return { publicKey: base64url.encode(publicKey), privateKey: jwk.d ?? '' };
}
