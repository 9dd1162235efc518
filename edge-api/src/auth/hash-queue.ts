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
let maxWaitMs = 2000;
/** How long one hash takes here, learnt as they run (a moving average; a first guess until then). */
let hashMs = 250;

/** Set once by the entry point (PASSWORD_HASH_CONCURRENCY, 1 on the Worker; PASSWORD_HASH_MAX_QUEUE, _MAX_WAIT_MS). */
export function setHashConcurrency(concurrency: number, queue = maxWaiting, waitMs = maxWaitMs): void {
  if (limit.concurrency !== concurrency) limit = pLimit(Math.max(1, concurrency));
  maxWaiting = queue;
  maxWaitMs = waitMs;
}

const timed = async <T>(work: () => Promise<T>): Promise<T> => {
  const started = Date.now();
  try {
    return await work();
  } finally {
    hashMs = 0.8 * hashMs + 0.2 * (Date.now() - started);
  }
};

/**
 * A sign-in that would wait past `maxWaitMs` for its hash (judged from how long hashes take on
 * this machine now), or behind `maxWaiting` others, would only wait into its client's time-out:
 * it is answered at once with 503 and Retry-After instead (load shedding where the cost is).
 */
function queued<T>(work: () => Promise<T>): Promise<T> {
  const expectedWaitMs = ((limit.pendingCount + 1) / limit.concurrency) * hashMs;
  if (limit.pendingCount >= maxWaiting || (limit.activeCount >= limit.concurrency && expectedWaitMs > maxWaitMs)) {
    const busy = new ApiError(503, 'service_unavailable', 'The server is busy right now. Please try again in a moment.', {
      details: { retryAfterSeconds: 2 },
    });
    return Promise.reject(busy);
  }
  return limit(() => timed(work));
}

export const queuedHashPassword = (password: string) => queued(() => hashPassword(password));
export const queuedVerifyPassword = (password: string, stored: string) => queued(() => verifyPassword(password, stored));
