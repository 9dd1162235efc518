/**
 * Password hashes taken a few at a time. One scrypt hash at the product's parameters holds
 * 16 MB for a few hundred milliseconds: a burst of sign-ins hashed all at once would push a
 * Worker isolate past its 128 MB (it is then dropped with every connection on it: 'other side
 * closed') and would only make every request slower on a small Node machine. Waiting requests
 * queue in order; the sign-in throttle and rate limits keep the queue short.
 */
import pLimit from 'p-limit';
import { ApiError } from '../http/errors.ts';
import { hashPassword, verifyPassword } from './password.ts';

let limit = pLimit(2);
let maxWaiting = 32;
let maxWaitMs = 1000;
/** How long one hash takes here, learnt as they run (a moving average; a first guess until then). */
let hashMs = 250;
/** Requests waiting for their turn and still wanting it (those given up on are not counted). */
let waiting = 0;
/**
 * Hashes being computed. Counted here, not by p-limit's activeCount: p-limit frees a slot a few
 * microtasks after the work's answer is handed back, so a request that hashes twice in a row (a
 * password change: verify, then hash) would see its own finished hash still running and, on a
 * slow machine, be told the server is busy.
 */
let running = 0;

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
 * Whether one more hash would wait past `maxWaitMs` (judged from how long hashes take on this
 * machine now) or behind `maxWaiting` others. The Node server asks this before it even reads
 * a sign-in's body (overload.ts), so a sign-in it cannot serve costs nothing.
 */
export function hashQueueIsFull(): boolean {
  if (running + waiting < limit.concurrency) return false;
  const expectedWaitMs = ((waiting + 1) / limit.concurrency) * hashMs;
  return waiting >= maxWaiting || expectedWaitMs > maxWaitMs;
}

export const busyError = () =>
  new ApiError(503, 'service_unavailable', 'The server is busy right now. Please try again in a moment.', {
    details: { retryAfterSeconds: 2 },
  });

/**
 * A sign-in that would only wait into its client's time-out is answered at once with 503 and
 * Retry-After instead (load shedding where the cost is). One that was let in but has not had its
 * turn after `maxWaitMs` (hashes got slower than expected: the machine is busy) is answered the
 * same way then, and its turn is skipped, so no sign-in waits much longer than that.
 */
function queued<T>(work: () => Promise<T>): Promise<T> {
  if (hashQueueIsFull()) return Promise.reject(busyError());
  waiting += 1;
  return new Promise<T>((resolve, reject) => {
    let state: 'waiting' | 'running' | 'given up' = 'waiting';
    const giveUp = setTimeout(() => {
      if (state !== 'waiting') return;
      state = 'given up';
      waiting -= 1;
      reject(busyError());
    }, maxWaitMs);
    void limit(async () => {
      if (state === 'given up') return;
      state = 'running';
      waiting -= 1;
      clearTimeout(giveUp);
      running += 1;
      try {
        const value = await timed(work);
        running -= 1;
        resolve(value);
      } catch (error) {
        running -= 1;
        reject(error);
      }
    });
  });
}

export const queuedHashPassword = (password: string) => queued(() => hashPassword(password));
export const queuedVerifyPassword = (password: string, stored: string) => queued(() => verifyPassword(password, stored));
