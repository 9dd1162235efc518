/**
 * Speaking to the identity endpoints as the PWA does: registration as a multipart form,
 * sign-in as JSON, and the refresh cookie carried by hand (tests have no cookie jar).
 */
import type { ApiTarget } from './target.ts';

/** A real 1x1 PNG. */
export const tinyPng = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (ch) => ch.charCodeAt(0),
);

export interface AuthAnswer {
  accessToken: string;
  user: { id: string; email: string; name: string; role: string; photoURL: string | null };
}

export function registrationForm(fields: { name?: string; email?: string; password?: string; photo?: Blob; photoName?: string }) {
  const form = new FormData();
  if (fields.name !== undefined) form.set('name', fields.name);
  if (fields.email !== undefined) form.set('email', fields.email);
  if (fields.password !== undefined) form.set('password', fields.password);
  if (fields.photo) form.set('photo', fields.photo, fields.photoName ?? 'me.png');
  return form;
}

export const register = (api: ApiTarget, fields: Parameters<typeof registrationForm>[0]) =>
  api.fetch('/api/auth/register', { method: 'POST', body: registrationForm(fields) });

export const login = (api: ApiTarget, email: string, password: string) =>
  api.fetch('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });

export const bearer = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

/** The refresh cookie a response set, as `name=value` for a Cookie header (null if none). */
export function refreshCookie(res: Response): string | null {
  const cookie = res.headers.getSetCookie().find((line) => line.startsWith('refresh_token='));
  if (!cookie) return null;
  const pair = cookie.split(';')[0]!;
  return pair === 'refresh_token=' ? null : pair;
}

export const refresh = (api: ApiTarget, cookie: string | null) =>
  api.fetch('/api/auth/refresh', { method: 'POST', headers: cookie ? { cookie } : {} });

export const logout = (api: ApiTarget, cookie: string | null) =>
  api.fetch('/api/auth/logout', { method: 'POST', headers: cookie ? { cookie } : {} });

/** A refresh session made directly in the database (for tests that need one without a password sign-in). */
export async function insertRefreshSession(api: ApiTarget, userId: string): Promise<string> {
  const token = crypto.randomUUID().replace(/-/g, '') + crypto.randomUUID().replace(/-/g, '');
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  const hash = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  const now = new Date();
  await api.sql(
    'INSERT INTO refresh_sessions (id, family_id, user_id, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
    crypto.randomUUID(),
    crypto.randomUUID(),
    userId,
    hash,
    now.toISOString(),
    new Date(now.getTime() + 86_400_000).toISOString(),
  );
  return `refresh_token=${token}`;
}
