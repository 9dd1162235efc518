/**
 * Failed sign-ins counted per email (known or not) in the database, so the count holds across
 * Node processes and Worker isolates. After `maxFailures` failures within the window
 * (`lockSeconds`, counted from the first failure) the email is locked for `lockSeconds`.
 */
import { sql } from 'kysely';
import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../env.ts';
import { ApiError } from '../errors.ts';

const key = (email: string) => email.trim().toLowerCase();

/** Refuses with 429 (and Retry-After) while the email is locked. */
export async function assertNotLocked(c: Context<AppEnv>, email: string): Promise<void> {
  const { deps } = c.var;
  const now = deps.clock();
  const row = await deps.db
    .selectFrom('login_throttle')
    .select('locked_until')
    .where('email', '=', key(email))
    .executeTakeFirst();
  if (!row?.locked_until || row.locked_until <= now.toISOString()) return;
  const seconds = Math.ceil((Date.parse(row.locked_until) - now.getTime()) / 1000);
  // Headers set before the throw travel with the error answer.
  c.header('Retry-After', String(seconds));
  throw tooManyAttempts(seconds);
}

export function tooManyAttempts(seconds: number): ApiError {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  const error = new ApiError(
    429,
    'too_many_requests',
    `Too many failed sign-in attempts. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    { details: { retryAfterSeconds: seconds } },
  );
  return error;
}

/**
 * Counts one failure in a single upsert. SQLite evaluates every SET expression against the
 * old row, so `restart` (the window has passed) is the same in all three.
 */
export async function recordFailedSignIn(deps: AppDeps, email: string): Promise<void> {
  const { maxFailures, lockSeconds } = deps.config.login;
  const now = deps.clock();
  const nowIso = now.toISOString();
  const windowStart = new Date(now.getTime() - lockSeconds * 1000).toISOString();
  const lockUntil = new Date(now.getTime() + lockSeconds * 1000).toISOString();
  const restart = sql`login_throttle.first_failed_at < ${windowStart}`;
  const failures = sql<number>`case when ${restart} then 1 else login_throttle.failures + 1 end`;
  await deps.db
    .insertInto('login_throttle')
    .values({
      email: key(email),
      failures: 1,
      first_failed_at: nowIso,
      locked_until: maxFailures <= 1 ? lockUntil : null,
    })
    .onConflict((oc) =>
      oc.column('email').doUpdateSet({
        failures,
        first_failed_at: sql`case when ${restart} then ${nowIso} else login_throttle.first_failed_at end`,
        locked_until: sql`case when ${failures} >= ${maxFailures} then ${lockUntil} else null end`,
      }),
    )
    .execute();
}

/** A successful sign-in starts the count afresh. */
export async function clearFailedSignIns(deps: AppDeps, email: string): Promise<void> {
  await deps.db.deleteFrom('login_throttle').where('email', '=', key(email)).execute();
}
