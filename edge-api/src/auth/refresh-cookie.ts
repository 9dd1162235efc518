/**
 * The refresh credential travels only in this cookie: httpOnly (no script can read it, so an
 * XSS cannot steal it), SameSite=Strict (never sent from another site, so no CSRF on the
 * /auth endpoints), Path=/api/auth (never sent with ordinary API calls), Secure on https.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { apiPrefix } from '../http/api-prefix.ts';
import type { AppEnv } from '../http/env.ts';
import type { IssuedRefresh } from './refresh-sessions.ts';

export const refreshCookieName = 'refresh_token';
const cookiePath = `${apiPrefix}/auth`;

export function readRefreshCookie(c: Context<AppEnv>): string | undefined {
  const value = getCookie(c, refreshCookieName);
  return value && value.length <= 200 ? value : undefined;
}

export function setRefreshCookie(c: Context<AppEnv>, issued: IssuedRefresh) {
  const { config, clock } = c.var.deps;
  setCookie(c, refreshCookieName, issued.token, {
    httpOnly: true,
    secure: config.secureCookies,
    sameSite: 'Strict',
    path: cookiePath,
    maxAge: Math.max(0, Math.floor((issued.expiresAt.getTime() - clock().getTime()) / 1000)),
  });
}

export function clearRefreshCookie(c: Context<AppEnv>) {
  deleteCookie(c, refreshCookieName, {
    httpOnly: true,
    secure: c.var.deps.config.secureCookies,
    sameSite: 'Strict',
    path: cookiePath,
  });
}
