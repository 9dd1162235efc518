/**
 * Hono's own default router (SmartRouter: RegExpRouter, else TrieRouter; one per group of routes,
 * grouped-router.ts), with the app's outer layer
 * (app.ts) put around the first handler of whatever chain a request matches, instead of being a route
 * of its own (`app.use`). Why (issue 52, decision 0122): a `use('*')` layer is one more entry the
 * trie carries through every level of every path, and with it every request, even a route with a
 * single handler, goes through Hono's compose; bare Hono, one handler, skips both. This keeps the
 * routing Hono's: it only wraps each handler as it is added, so a route added later (a test's) is
 * wrapped too, and the matched routes (method, path) that the access table and the log read are the
 * routes as declared.
 */
import type { Context, MiddlewareHandler, Next } from 'hono';
import type { RouterRoute } from 'hono/types';
import type { Router } from 'hono/router';
import type { AppEnv } from './env.ts';
import { groupedRouter } from './grouped-router.ts';

type Entry = [MiddlewareHandler<AppEnv>, RouterRoute];

/**
 * @param outer the layer every request passes once: it runs `next` (the matched chain) inside it
 * @param started whether the outer layer already runs for this request (the chain's later handlers)
 */
export function outerLayerRouter(outer: (c: Context<AppEnv>, next: () => Promise<void>) => Promise<void>, started: (c: Context<AppEnv>) => boolean): Router<Entry> {
  // Hono's default router per group of routes that cannot match the same request (grouped-router.ts, decision 0123).
  const inner = groupedRouter<Entry>();
  const around =
    (handler: MiddlewareHandler<AppEnv>): MiddlewareHandler<AppEnv> =>
    (c, next: Next) =>
      started(c)
        ? handler(c, next)
        : outer(c, async () => {
            // As Hono's compose keeps a handler's answer (its thrown errors reach the outer layer's catch).
            const answer = await handler(c, next);
            if (answer && !c.finalized) c.res = answer;
          });
  return {
    name: `outer layer around ${inner.name}`,
    add: (method, path, [handler, route]) => inner.add(method, path, [around(handler), route]),
    match: (method, path) => inner.match(method, path),
  };
}
