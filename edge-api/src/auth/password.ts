import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * scrypt through node:crypto, which Node and Workers (nodejs_compat, natively) both provide,
 * so a hash made on one verifies on the other. Stored as `scrypt$N$r$p$salt$hash` (base64), so
 * the parameters of each hash travel with it and can change (docs/decisions/0015).
 *
 * N=2^14, r=8, p=5 is one of OWASP's equivalent minimum settings for scrypt. Of those it costs
 * the least CPU per sign-in (N·p is lowest; 5/8 of N=2^16, p=2, used before) and needs 16 MiB
 * instead of 64 MiB, well inside a Worker isolate's 128 MB. PBKDF2 through WebCrypto would be
 * cheaper, but Workers cap it at 100,000 iterations, far below OWASP's 600,000 for SHA-256.
 */
export interface ScryptParameters {
  N: number;
  r: number;
  p: number;
}

export const currentParameters: ScryptParameters = { N: 2 ** 14, r: 8, p: 5 };
/** What hashes were made with before; they still verify and are replaced at the next sign-in. */
export const previousParameters: ScryptParameters = { N: 2 ** 16, r: 8, p: 2 };

const keyLength = 32;
// A stored hash names its own cost: refuse absurd ones rather than let a bad row exhaust memory.
const maxN = 2 ** 17;
const maxP = 16;

function derive(password: string, salt: Buffer, { N, r, p }: ScryptParameters): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes; Node's default cap (32 MiB) may be below that.
  const maxmem = 128 * N * r * 2;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, { N, r, p, maxmem }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPassword(password: string, parameters: ScryptParameters = currentParameters): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, parameters);
  const { N, r, p } = parameters;
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

function parse(stored: string): { parameters: ScryptParameters; salt: string; hash: string } | null {
  const [scheme, n, rr, pp, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !rr || !pp || !salt || !hash) return null;
  const parameters = { N: Number(n), r: Number(rr), p: Number(pp) };
  if (![parameters.N, parameters.r, parameters.p].every(Number.isSafeInteger) || parameters.N > maxN || parameters.p > maxP) return null;
  return { parameters, salt, hash };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const expected = Buffer.from(parsed.hash, 'base64');
  const actual = await derive(password, Buffer.from(parsed.salt, 'base64'), parsed.parameters);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** True for a hash made with other parameters than today's: sign-in replaces it. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  if (!parsed) return false;
  const { N, r, p } = parsed.parameters;
  return N !== currentParameters.N || r !== currentParameters.r || p !== currentParameters.p;
}
