import type { Context } from 'hono';
import { matchedRoutes } from 'hono/route';
import { apiPrefix } from '../http/api-prefix.ts';
import type { AppEnv, SessionUser } from '../http/env.ts';
import { ApiError, forbidden, unauthorized } from '../http/errors.ts';
import { accessTable, type AccessRule, type RouteKey } from './access-table.ts';

type MatchedRoute = ReturnType<typeof matchedRoutes>[number];

/** Each route's row, found once per route (a route object lives as long as the app). */
const rules = new WeakMap<MatchedRoute, AccessRule | null>();

function ruleOf(route: MatchedRoute): AccessRule | null {
  let rule = rules.get(route);
  if (rule === undefined) {
    // The table's keys are the routes' own method and path, under the API's prefix.
    rule = accessTable[`${route.method} ${route.path.slice(apiPrefix.length)}` as RouteKey] ?? null;
    rules.set(route, rule);
  }
  return rule;
}

/**
 * Enforces the row of the authorization table for the route this request matched: a visitor
 * gets 401 where sign-in is needed, a signed-in user without the role gets 403. Called by the
 * session layer (app.ts) once the user is known, for every route mounted after it, so a route
 * cannot be mounted without its row being applied: the row is found by the route's own method
 * and path, and a route with no row is refused (edge-api/test/access-matrix.test.ts walks the
 * routes and requires a row for each). One check in the session layer, not a middleware on each
 * route: every layer is paid by every request (issue 32, decision 0099). Data scope (whose row)
 * is checked in the handler with the user this leaves in `c.var.user`.
 */
export function enforceAccess(c: Context<AppEnv>): void {
  // The first route with a method is the one whose handler answers (middleware say ALL).
  const route = matchedRoutes(c).find((matched) => matched.method !== 'ALL');
  // Nothing matched: the app's 404 answers.
  if (!route) return;
  const rule = ruleOf(route);
  if (!rule) throw new ApiError(500, 'internal', 'This endpoint has no access rule.');
  enforceRule(rule, c.get('user'));
}

/** One row against the caller: 401 for a visitor where sign-in is needed, 403 for a role it does not allow. */
export function enforceRule(rule: AccessRule, user: SessionUser | null): void {
  if (rule.allow === 'anyone') return;
  if (!user) throw unauthorized();
  if (!rule.allow.includes(user.role)) throw forbidden();
}

/** The signed-in user, for handlers whose row allows only signed-in roles. */
export function currentUser(c: { get(key: 'user'): SessionUser | null }): SessionUser {
  const user = c.get('user');
  if (!user) throw unauthorized();
  return user;
}
