import type { MiddlewareHandler } from 'hono';
import type { AppEnv, SessionUser } from '../http/env.ts';
import { forbidden, unauthorized } from '../http/errors.ts';
import { accessTable, type AccessRule, type RouteKey } from './access-table.ts';

/**
 * Enforces the row of the authorization table for this endpoint: a visitor gets 401 where
 * sign-in is needed, a signed-in user without the role gets 403. Data scope (whose row) is
 * checked in the handler with the user this leaves in `c.var.user`.
 */
export function access(key: RouteKey) {
  const rule: AccessRule = accessTable[key];
  // Synchronous: a refusal is thrown to the app's onError as from any layer, and an allowed
  // request goes on without a promise of this layer's own (issue 32).
  const check: MiddlewareHandler<AppEnv> = (c, next) => {
    if (rule.allow !== 'anyone') {
      const user = c.get('user');
      if (!user) throw unauthorized();
      if (!rule.allow.includes(user.role)) throw forbidden();
    }
    return next();
  };
  return check;
}

/** The signed-in user, for handlers behind `access(...)` with roles. */
export function currentUser(c: { get(key: 'user'): SessionUser | null }): SessionUser {
  const user = c.get('user');
  if (!user) throw unauthorized();
  return user;
}

