/**
 * An answer whose route writes every header it will carry at once, in one plain object: the
 * API's security headers, the request's id and the route's own (Cache-Control among them). The
 * outer layers (app.ts, request-log.ts) leave such an answer as it is.
 *
 * Why: every header set on an answer goes through a Headers object (on Node, undici's, which
 * checks every name and value on each set), and the Node adapter then copies them all out again.
 * Given a plain object, the adapter writes it to the socket as it is. For a small read that was
 * most of what the app spent beyond the work itself (issue 32, decision 0083).
 */
import type { Context } from 'hono';
import type { AppEnv } from './env.ts';
import { requestIdHeader } from './request-id.ts';
import { apiSecurityHeaderObject } from './security.ts';

const completeAnswers = new WeakSet<Response>();

/**
 * @param headers the route's own headers, in lower case (Content-Type, Content-Length,
 *   Cache-Control...); an answer made here is never private by default, so a route that means
 *   `no-store` says so.
 */
export function completeAnswer(c: Context<AppEnv>, body: Uint8Array | string, status: number, headers: Record<string, string>): Response {
  const all = apiSecurityHeaderObject();
  all[requestIdHeader] = c.get('requestId');
  for (const name in headers) all[name] = headers[name]!;
  const answer = new Response(body, { status, headers: all });
  completeAnswers.add(answer);
  return answer;
}

/** Whether a route made this answer with completeAnswer (so every header is already on it). */
export const isCompleteAnswer = (answer: Response): boolean => completeAnswers.has(answer);
