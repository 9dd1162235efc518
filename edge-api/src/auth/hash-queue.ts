/**
 * Password hashes taken a few at a time. One scrypt hash at the product's parameters holds
 * 64 MB for tens of milliseconds: a burst of sign-ins hashed all at once would push a Worker
 * isolate past its 128 MB (it is then dropped with every connection on it: 'other side closed')
 * and would only make every request slower on a small Node machine. Waiting requests queue in
 * order; the sign-in throttle and rate limits keep the queue short.
 */
import pLimit from 'p-limit';
import { hashPassword, verifyPassword } from './password.ts';

let limit = pLimit(2);

/** Set once by the entry point (PASSWORD_HASH_CONCURRENCY; 1 on the Worker). */
export function setHashConcurrency(concurrency: number): void {
  if (limit.concurrency !== concurrency) limit = pLimit(Math.max(1, concurrency));
}

export const queuedHashPassword = (password: string) => limit(() => hashPassword(password));
export const queuedVerifyPassword = (password: string, stored: string) => limit(() => verifyPassword(password, stored));
