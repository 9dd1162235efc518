/**
 * One-time codes sent by SMS (issue 50, decision 0110): 6 digits, 5 minutes, single use, five
 * wrong tries spend one. Kept as an HMAC of the code under the server's secret (a plain hash of
 * six digits is undone by trying all million), with the row's id in it. Only the newest code
 * of a number and use is good: asking for another spends the one before.
 *
 * Every try is reserved before the code is compared, by one conditional update of its count,
 * so parallel guesses are each counted and the sixth finds the code spent; using a right code
 * is one more conditional update, so two requests with it cannot both succeed.
 */
import { sql } from 'kysely';
import type { AppDeps } from '../http/env.ts';
import { newId } from '../lib/ids.ts';

type Deps = Pick<AppDeps, 'db' | 'batch' | 'clock' | 'config'>;
export type CodePurpose = 'sign-in' | 'reset' | 'verify-phone';

/** Six uniformly random digits: values past the last whole million of 2^32 are drawn again. */
export function newCode(): string {
  const limit = 4_294_000_000;
  for (;;) {
    const [value] = crypto.getRandomValues(new Uint32Array(1));
    if (value! < limit) return String(value! % 1_000_000).padStart(6, '0');
  }
}

type SecretKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;
const keys = new Map<string, Promise<SecretKey>>();
function hmacKey(secret: string): Promise<SecretKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', new TextEncoder().encode(`one-time-codes:${secret}`), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    keys.set(secret, key);
  }
  return key;
}

async function codeHash(secret: string, id: string, code: string): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', await hmacKey(secret), new TextEncoder().encode(`${id}:${code}`));
  return [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Equal strings of equal length, compared without stopping at the first difference. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** A new code for `phone` and `purpose` (spending any earlier one): the code, to send, never to keep. */
export async function issueCode(deps: Deps, target: { phone: string; purpose: CodePurpose; userId?: string }): Promise<string> {
  const { db } = deps;
  const now = deps.clock().getTime();
  const id = newId();
  const code = newCode();
  await deps.batch([
    db
      .updateTable('one_time_codes')
      .set({ used_at: now })
      .where('phone', '=', target.phone)
      .where('purpose', '=', target.purpose)
      .where('used_at', 'is', null)
      .compile(),
    db
      .insertInto('one_time_codes')
      .values({
        id,
        phone: target.phone,
        purpose: target.purpose,
        user_id: target.userId ?? null,
        code_hash: await codeHash(deps.config.jwtSecret, id, code),
        created_at: now,
        expires_at: now + deps.config.sms.codeTtlSeconds * 1000,
      })
      .compile(),
  ]);
  return code;
}

/**
 * Tries `code` against the good code of `phone` and `purpose` (of `userId`, for adding a
 * number to an account): its id when right, null otherwise (wrong, expired, spent, none: one
 * answer). A right code is not used up here: `spendCode` does that once the use is sure.
 */
export async function tryCode(deps: Deps, target: { phone: string; purpose: CodePurpose; userId?: string }, code: string): Promise<string | null> {
  const { db } = deps;
  const now = deps.clock().getTime();
  const max = deps.config.sms.codeMaxAttempts;
  let query = db
    .selectFrom('one_time_codes')
    .select('id')
    .where('phone', '=', target.phone)
    .where('purpose', '=', target.purpose)
    .where('used_at', 'is', null)
    .orderBy('created_at', 'desc')
    .limit(1);
  if (target.userId) query = query.where('user_id', '=', target.userId);
  const row = await query.executeTakeFirst();
  // The same work when there is no code at all: a hash is computed either way.
  const reserved = row
    ? await db
        .updateTable('one_time_codes')
        .set({ attempts: sql<number>`attempts + 1` })
        .where('id', '=', row.id)
        .where('used_at', 'is', null)
        .where('attempts', '<', max)
        .where('expires_at', '>', now)
        .returning('code_hash')
        .executeTakeFirst()
    : undefined;
  const offered = await codeHash(deps.config.jwtSecret, row?.id ?? 'none', code);
  if (!row || !reserved) return null;
  return sameText(offered, reserved.code_hash) ? row.id : null;
}

/** Uses up a right code; false when another request used it first. */
export async function spendCode(deps: Deps, id: string): Promise<boolean> {
  const spent = await deps.db
    .updateTable('one_time_codes')
    .set({ used_at: deps.clock().getTime() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return spent !== undefined;
}
