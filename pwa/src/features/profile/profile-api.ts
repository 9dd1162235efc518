/** The signed-in user's own profile and password (identity API: GET /auth/me, POST /auth/password). */
import { answerOf } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';
import { acceptSession } from '../../lib/session.ts';

export async function fetchProfile(signal?: AbortSignal) {
  const res = await api.auth.me.$get(undefined, { init: { signal } });
  return answerOf(res);
}

export type Profile = Awaited<ReturnType<typeof fetchProfile>>;

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * Changes the password. The server ends every other sign-in and answers with a new session
 * for this device, which is taken at once so the next request needs no renewal.
 */
export async function changePassword(change: PasswordChange): Promise<{ message: string }> {
  const res = await api.auth.password.$post({ json: change });
  const answer = await answerOf(res);
  acceptSession(answer);
  return answer;
}
