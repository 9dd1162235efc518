import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * scrypt at OWASP's minimum for scrypt (N=2^16, r=8, p=2), through node:crypto, which
 * Node and Workers (nodejs_compat) both provide, so a hash made on one verifies on the other.
 * Stored as `scrypt$N$r$p$salt$hash` (base64) so parameters can be raised later.
 */
const N = 2 ** 16;
const r = 8;
const p = 2;
const keyLength = 32;
// scrypt needs 128 * N * r bytes; Node's default cap (32 MiB) is below that.
const maxmem = 128 * N * r * 2;

function derive(password: string, salt: Buffer, n: number, rr: number, pp: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, { N: n, r: rr, p: pp, maxmem }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, r, p);
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, rr, pp, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !rr || !pp || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(rr), Number(pp));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
