/**
 * Per-client request limits on the anonymous and costly endpoints (docs/security.md,
 * decision 0010): a fixed window per '<limit>:<client address>', counted by one upsert in the
 * database, so the same code holds on Node (SQLite) and on the Worker (D1), across processes
 * and isolates.
 */
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { sql } from 'kysely';
import { clientAddress } from '../http/client-address.ts';
import type { RateLimit, RateLimitName } from '../http/config.ts';
import type { AppDeps, AppEnv } from '../http/env.ts';
import { ApiError, type ErrorBody } from '../http/errors.ts';
import { prepareQuery } from '../db/prepared.ts';

/**
 * One more hit on the window of `key`, as one upsert answering with the window's count and
 * start; compiled once (db/prepared.ts), so a command can also put it in its own batch.
 * SQLite evaluates every SET expression against the old row, so both see the same `expired`.
 */
export const countHit = prepareQuery(3, (db, key: string, now: number, expiredFrom: number) => {
  const expired = sql<boolean>`rate_limits.window_start <= ${expiredFrom}`;
  return db
    .insertInto('rate_limits')
    .values({ key, window_start: now, hits: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when ${expired} then 1 else rate_limits.hits + 1 end`,
        window_start: sql<number>`case when ${expired} then ${now} else rate_limits.window_start end`,
      }),
    )
    .returning(['hits', 'window_start']);
});

/** The arguments of `countHit` for one hit now on a window of `limit`. */
export const hitArgs = (key: string, limit: RateLimit, now: number) => [key, now, now - limit.windowSeconds * 1000] as const;

/** The seconds until the window ends when this hit went over the limit, else null. */
export function waitAfterHit(row: { hits: number; window_start: number }, limit: RateLimit, now: number): number | null {
  if (row.hits <= limit.max) return null;
  return Math.max(1, Math.ceil((row.window_start + limit.windowSeconds * 1000 - now) / 1000));
}

/**
 * Counts one request on the window of `subject` (the client's address unless told, e.g. an
 * account's `user:<id>`); the seconds until the window ends when it went over the limit, else null.
 */
export async function countRequest(c: Context<AppEnv>, name: RateLimitName, subject = clientAddress(c)): Promise<number | null> {
  const { deps } = c.var;
  const limit = deps.config.rateLimits[name];
  const now = deps.clock().getTime();
  const { rows } = await countHit.execute(deps.db, ...hitArgs(`${name}:${subject}`, limit, now));
  const row = rows[0];
  if (!row) throw new Error('The rate-limit upsert answered no row');
  const wait = waitAfterHit(row, limit, now);
  if (wait !== null) deps.ops?.count('rate_limited', { limit: name });
  return wait;
}

/** "5 seconds", "12 minutes", "24 hours": how long to wait, as a person reads it. */
export function waitInWords(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  if (seconds < 7200) return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  return `${Math.ceil(seconds / 3600)} hours`;
}

/** The 429 body (with `retryAfterSeconds`, which `reply` turns into `Retry-After`). */
export function tooManyRequestsBody(seconds: number, message = `Too many requests. Please try again in ${waitInWords(seconds)}.`): ErrorBody {
  return { error: 'too_many_requests', message, details: { retryAfterSeconds: seconds } };
}

export function tooManyRequests(c: Context<AppEnv>, seconds: number): ApiError {
  c.header('Retry-After', String(seconds));
  const body = tooManyRequestsBody(seconds);
  return new ApiError(429, 'too_many_requests', body.message, { details: body.details });
}

/**
 * A refusal comes before the body was read. A small body is read anyway, so the client's
 * keep-alive connection stays usable (workerd drops a connection whose request body was left
 * unread, and with it the client's next request); a large one is not worth reading.
 */
async function readSmallBody(c: Context<AppEnv>): Promise<void> {
  const length = Number(c.req.header('content-length') ?? 'NaN');
  if (Number.isFinite(length) && length > 0 && length <= c.var.deps.config.maxJsonBytes) {
    await c.req.arrayBuffer().catch(() => undefined);
  } else if (c.req.raw.body) {
    c.header('Connection', 'close');
  }
}

/** Refuses with 429 and Retry-After once this client has used up the limit's window. */
export const rateLimit = (name: RateLimitName) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const wait = await countRequest(c, name);
    if (wait !== null) {
      await readSmallBody(c);
      throw tooManyRequests(c, wait);
    }
    await next();
  });

/** Windows that ended a day ago are of no further use. */
export async function forgetOldWindows(deps: AppDeps): Promise<void> {
  await deps.db.deleteFrom('rate_limits').where('window_start', '<', deps.clock().getTime() - 86_400_000).execute();
}
