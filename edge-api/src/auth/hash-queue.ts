/**
 * Password hashes taken a few at a time. One scrypt hash at the product's parameters holds
 * 64 MB for tens of milliseconds: a burst of sign-ins hashed all at once would push a Worker
 * isolate past its 128 MB (it is then dropped with every connection on it: 'other side closed')
 * and would only make every request slower on a small Node machine. Waiting requests queue in
 * order; the sign-in throttle and rate limits keep the queue short.
 */
import pLimit from 'p-limit';
import { ApiError } from '../errors.ts';
import { hashPassword, verifyPassword } from './password.ts';

let limit = pLimit(2);
let maxWaiting = 32;

/** Set once by the entry point (PASSWORD_HASH_CONCURRENCY, 1 on the Worker; PASSWORD_HASH_MAX_QUEUE). */
export function setHashConcurrency(concurrency: number, queue = maxWaiting): void {
  if (limit.concurrency !== concurrency) limit = pLimit(Math.max(1, concurrency));
  maxWaiting = queue;
}

/**
 * Past `maxWaiting` hashes already waiting, a sign-in would only wait into its client's time-out:
 * it is answered at once with 503 and Retry-After instead (load shedding where the cost is).
 */
function queued<T>(work: () => Promise<T>): Promise<T> {
  if (limit.pendingCount >= maxWaiting) {
    const busy = new ApiError(503, 'service_unavailable', 'The server is busy right now. Please try again in a moment.', {
      details: { retryAfterSeconds: 2 },
    });
    return Promise.reject(busy);
  }
  return limit(work);
}

export const queuedHashPassword = (password: string) => queued(() => hashPassword(password));
export const queuedVerifyPassword = (password: string, stored: string) => queued(() => verifyPassword(password, stored));
