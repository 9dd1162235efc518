import type { Context } from 'hono';
import type { AppEnv } from './env.ts';

/**
 * Work that goes on after the answer: sending a code or a link (issue 50). The answer then
 * takes as long whether or not there was anything to send, so its timing tells nobody whether
 * an account exists. On the Worker the request's `waitUntil` keeps it alive; on Node the
 * promise simply runs on. A failure is written to the log without the message (it may hold a code).
 */
export function afterAnswer(c: Context<AppEnv>, what: string, work: () => Promise<unknown>): void {
  const running = Promise.resolve()
    .then(work)
    .catch((error: unknown) => console.error(JSON.stringify({ level: 'error', msg: `${what} failed`, err: error instanceof Error ? error.name : 'error' })));
  let executionCtx: { waitUntil(promise: Promise<unknown>): void } | undefined;
  try {
    executionCtx = c.executionCtx;
  } catch {
    // Node: no execution context; the promise runs on by itself.
  }
  executionCtx?.waitUntil(running);
}
