/**
 * One log line per request (decision 0080): request id, method, route pattern, status, duration
 * and the signed-in user's id. The line is built from these fields only, never from the request's
 * headers, body or path, so no password, token, cookie, NID, address or document can reach it.
 */
import type { Context } from 'hono';
import { routePath } from 'hono/route';
import { isCompleteAnswer } from './complete-answer.ts';
import type { AppEnv, SessionUser } from './env.ts';
import { failureOf } from './failures.ts';
import { requestIdHeader, requestIdOf } from './request-id.ts';
import { describeError, type OpsHooks, type RequestLine } from './ops.ts';

/** What the log line needs from the start of a request. */
export interface LoggedRequest {
  reqId: string;
  started: number;
}

/**
 * The log line's two steps, called by the app's one outer layer (app.ts) before and after the
 * request is handled, so that they add no awaited layer of their own (issue 32).
 */
export function requestLog(ops: OpsHooks) {
  return {
    start(c: Context<AppEnv>): LoggedRequest {
      const reqId = requestIdOf(c.req.header(requestIdHeader));
      // For a route that writes its answer's headers itself (complete-answer.ts).
      c.set('requestId', reqId);
      return { reqId, started: performance.now() };
    },
    finish(c: Context<AppEnv>, { reqId, started }: LoggedRequest): void {
      // On the answer's own headers: c.header() after the answer is made would copy the
      // response, and the Node adapter streams a copied body instead of writing it.
      if (!isCompleteAnswer(c.res)) c.res.headers.set(requestIdHeader, reqId);
      const user = c.get('user') as AppEnv['Variables']['user'] | undefined;
      // After next(), the index of the handler that answered; a request that matched no route
      // (404) or was answered by a middleware names the middleware's pattern ('/api/*').
      writeRequestLine(ops, { reqId, method: c.req.method, route: routePath(c) || 'unmatched', status: c.res.status, started }, user, failureOf(c));
    },
  };
}

/** What a request's line says, with when the request started (performance.now()). */
export interface RequestFacts {
  reqId: string;
  method: string;
  route: string;
  status: number;
  started: number;
}

/**
 * Writes one request's line: the app's (above) and the API bench's same-work floor
 * (bench/support/floor-server.ts) alike. The user's id is added, not spread in: V8 makes a
 * spread-and-extended object slowly, on every request (issue 32).
 */
export function writeRequestLine(ops: OpsHooks, facts: RequestFacts, user: SessionUser | null | undefined, failure: unknown): void {
  const line: RequestLine = {
    reqId: facts.reqId,
    method: facts.method,
    route: facts.route,
    status: facts.status,
    durationMs: Math.round((performance.now() - facts.started) * 10) / 10,
  };
  if (user) line.userId = user.id;
  ops.request(line, failure === undefined ? undefined : describeError(failure));
}
