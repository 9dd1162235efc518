/** The signed-in user's own profile and password (identity API: GET /auth/me, POST /auth/password). */
import { jsonOrThrow } from '../../lib/api-error.ts';
import { authFetch } from '../../lib/http.ts';

export interface Profile {
  id: string;
  name: string;
  email: string;
  photoURL: string | null;
  role: string;
  created_at: string;
  last_log_in: string | null;
}

export async function fetchProfile(signal?: AbortSignal): Promise<Profile> {
  return jsonOrThrow<Profile>(await authFetch('/auth/me', { signal }));
}

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * Changes the password. The server ends every other sign-in and starts a new one for this
 * device (new refresh cookie); the access token in hand is then refused once and renewed
 * through that cookie by lib/http.ts, so the user stays signed in here.
 */
export async function changePassword(change: PasswordChange): Promise<{ message: string }> {
  const res = await authFetch('/auth/password', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(change),
  });
  return jsonOrThrow<{ message: string }>(res);
}
