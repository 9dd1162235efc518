import { createMiddleware } from 'hono/factory';
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
  return createMiddleware<AppEnv>(async (c, next) => {
    if (rule.allow !== 'anyone') {
      const user = c.get('user');
      if (!user) throw unauthorized();
      if (!rule.allow.includes(user.role)) throw forbidden();
    }
    await next();
  });
}

/** The signed-in user, for handlers behind `access(...)` with roles. */
export function currentUser(c: { get(key: 'user'): SessionUser | null }): SessionUser {
  const user = c.get('user');
  if (!user) throw unauthorized();
  return user;
}

