/**
 * The sign-in throttle (policy in docs/security.md). Every attempt is reserved BEFORE the slow
 * password hash by one conditional upsert: it counts the attempt and, past the free attempts,
 * pushes `next_allowed_at` forward, all or nothing. N parallel guesses are therefore N
 * reservations, and those that arrive while a key must wait are refused without a hash.
 *
 * Past the free attempts each further attempt must wait twice as long as the one before
 * (base, 2 x base, ... up to a cap): a delay, never a lock, so a stranger guessing at someone's
 * email slows that email down but cannot shut its owner out, and a signed-in password change is
 * throttled on the user's own key, which strangers cannot reach. Keys live in the database so
 * the count holds across Node processes and Worker isolates.
 */
import { sql } from 'kysely';
import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';

export const emailKey = (email: string) => `email:${email.trim().toLowerCase()}`;
export const clientKey = (address: string) => `client:${address}`;
export const userKey = (userId: string) => `user:${userId}`;

/** The wait after the `attempts`-th attempt: none before `free`, then base doubling to the cap. */
export function waitAfter(attempts: number, free: number, login: AppDeps['config']['login']): number {
  if (attempts < free) return 0;
  return Math.min(login.baseDelaySeconds * 1000 * 2 ** Math.min(attempts - free, 30), login.maxDelaySeconds * 1000);
}

/**
 * Reserves one attempt for `key`, or refuses with 429 and Retry-After while the key must wait.
 * A refused attempt changes nothing, so hammering a waiting key does not lengthen its wait.
 */
export async function reserveAttempt(c: Context<AppEnv>, key: string, free: number): Promise<void> {
  const { deps } = c.var;
  const { login } = deps.config;
  const now = deps.clock().getTime();
  const stale = sql<boolean>`sign_in_throttle.last_attempt_at < ${now - login.windowSeconds * 1000}`;
  const attempts = sql<number>`case when ${stale} then 1 else sign_in_throttle.attempts + 1 end`;
  // The same rule as waitAfter, in SQL so that it is part of the one conditional write.
  const wait = sql<number>`case when ${attempts} < ${free} then 0
    else min(${login.baseDelaySeconds * 1000} << min(${attempts} - ${free}, 30), ${login.maxDelaySeconds * 1000}) end`;
  const reserved = await deps.db
    .insertInto('sign_in_throttle')
    .values({ key, attempts: 1, last_attempt_at: now, next_allowed_at: now + waitAfter(1, free, login) })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({ attempts, last_attempt_at: now, next_allowed_at: sql<number>`${now} + ${wait}` })
        .where('sign_in_throttle.next_allowed_at', '<=', now),
    )
    .returning('attempts')
    .executeTakeFirst();
  if (reserved) return;
  const row = await deps.db.selectFrom('sign_in_throttle').select('next_allowed_at').where('key', '=', key).executeTakeFirst();
  const seconds = Math.max(1, Math.ceil(((row?.next_allowed_at ?? now) - now) / 1000));
  // Headers set before the throw travel with the error answer.
  c.header('Retry-After', String(seconds));
  deps.ops?.count('sign_in_throttled');
  throw tooManyAttempts(seconds);
}

export function tooManyAttempts(seconds: number): ApiError {
  const inMinutes = seconds >= 60;
  const n = inMinutes ? Math.ceil(seconds / 60) : seconds;
  const unit = inMinutes ? (n === 1 ? 'minute' : 'minutes') : n === 1 ? 'second' : 'seconds';
  return new ApiError(429, 'too_many_requests', `Too many failed sign-in attempts. Please try again in ${n} ${unit}.`, {
    details: { retryAfterSeconds: seconds },
  });
}

/** A success on an email or user key starts its count afresh. */
export async function forgetAttempts(deps: AppDeps, key: string): Promise<void> {
  await deps.db.deleteFrom('sign_in_throttle').where('key', '=', key).execute();
}

/**
 * A success on a client address gives back only its own reservation: the address keeps the
 * failures it made (a guesser's own account must not wipe its slate), but people signing in
 * correctly behind one shared address do not use up its free attempts.
 */
export async function releaseAttempt(deps: AppDeps, key: string): Promise<void> {
  await deps.db
    .updateTable('sign_in_throttle')
    .set({ attempts: sql<number>`max(attempts - 1, 0)` })
    .where('key', '=', key)
    .execute();
}
