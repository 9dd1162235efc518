/**
 * One log line per request (decision 0080): request id, method, route pattern, status, duration
 * and the signed-in user's id. The line is built from these fields only, never from the request's
 * headers, body or path, so no password, token, cookie, NID, address or document can reach it.
 */
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { AppEnv } from './env.ts';
import { failureOf } from './failures.ts';
import { describeError, type OpsHooks } from './ops.ts';

export const requestIdHeader = 'X-Request-Id';

/**
 * A caller's id is kept when it looks like one (a load balancer's, a client's retry); anything
 * else is replaced, so a header cannot smuggle text, or a secret, into the logs.
 */
const acceptableId = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestLog(ops: OpsHooks): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const given = c.req.header(requestIdHeader);
    const reqId = given && acceptableId.test(given) ? given : crypto.randomUUID();
    await next();
    // On the answer's own headers, as secureHeaders does: c.header() after the answer is made
    // would copy the response, and the Node adapter streams a copied body instead of writing it.
    c.res.headers.set(requestIdHeader, reqId);
    const failure = failureOf(c);
    const user = c.get('user') as AppEnv['Variables']['user'] | undefined;
    ops.request(
      {
        reqId,
        method: c.req.method,
        // After next(), the index of the handler that answered; a request that matched no route
        // (404) or was answered by a middleware names the middleware's pattern ('/api/*').
        route: routePath(c) || 'unmatched',
        status: c.res.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        ...(user ? { userId: user.id } : {}),
      },
      failure === undefined ? undefined : describeError(failure),
    );
  };
}
