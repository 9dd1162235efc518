/**
 * Errors the app's onError answered (errors.ts), by request, for that request's log line
 * (request-log.ts): the stack is logged once, with the request id. A module of its own so that
 * errors.ts needs nothing of the log (which needs the app's types, which need errors.ts).
 */
import type { Context } from 'hono';

const failures = new WeakMap<Request, unknown>();

export function noteFailure(c: Context, error: unknown): void {
  failures.set(c.req.raw, error);
}

export function failureOf(c: Context): unknown {
  return failures.get(c.req.raw);
}
