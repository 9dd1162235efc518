/** The signed-in user's own profile and password (identity API: GET /auth/me, POST /auth/password). */
import { toApiError } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';

export async function fetchProfile(signal?: AbortSignal) {
  const res = await api.auth.me.$get(undefined, { init: { signal } });
  if (!res.ok) throw await toApiError(res);
  return res.json();
}

export type Profile = Awaited<ReturnType<typeof fetchProfile>>;

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
  const res = await api.auth.password.$post({ json: change });
  if (!res.ok) throw await toApiError(res);
  return res.json();
}
