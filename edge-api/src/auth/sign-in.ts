/**
 * What every way of signing in (password, registration, Google, refresh) ends with: an access
 * token for the bearer header, the user as the PWA shows them, and the refresh cookie.
 */
import type { Context } from 'hono';
import type { Selectable } from 'kysely';
import type { Role, UserRow } from '../db/schema.ts';
import type { AppEnv } from '../http/env.ts';
import { queuedHashPassword as hashPassword } from './hash-queue.ts';
import { setRefreshCookie } from './refresh-cookie.ts';
import type { IssuedRefresh } from './refresh-sessions.ts';
import { startRefreshFamily } from './refresh-sessions.ts';
import { signAccessToken } from './tokens.ts';

export interface AuthUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  photoURL: string | null;
}

/** What a device keeps to end this sign-in later by name (POST /auth/logout, docs/security.md). */
export interface SignOutKey {
  sessionId: string;
  key: string;
}

export interface SignInAnswer {
  accessToken: string;
  user: AuthUser;
  /** Only when a sign-in starts (not on a refresh): the session's id and its sign-out key. */
  signOut?: SignOutKey;
}

type UserFields = Pick<Selectable<UserRow>, 'id' | 'email' | 'name' | 'role' | 'photo_url'>;

export const toAuthUser = (row: UserFields): AuthUser => ({
  id: row.id,
  email: row.email,
  name: row.name,
  role: row.role.toLowerCase() as Role,
  photoURL: row.photo_url,
});

/** Answers a request with a session in an existing family (refresh) or a new one (sign-in). */
export async function answerWithSession(
  c: Context<AppEnv>,
  user: UserFields,
  refresh?: IssuedRefresh,
): Promise<SignInAnswer> {
  const { deps } = c.var;
  const issued = refresh ?? (await startRefreshFamily(deps, user.id));
  setRefreshCookie(c, issued);
  const accessToken = await signAccessToken(deps.config, user.id, deps.clock(), issued.familyId);
  const signOut = issued.signOutKey ? { sessionId: issued.familyId, key: issued.signOutKey } : undefined;
  return { accessToken, user: toAuthUser(user), ...(signOut && { signOut }) };
}

let decoyHash: Promise<string> | null = null;
/**
 * A real scrypt hash to check against when the email has no password (unknown, or Google
 * only), so that the answer takes as long as a wrong password and does not reveal accounts.
 */
export function passwordDecoy(): Promise<string> {
  decoyHash ??= hashPassword(crypto.randomUUID());
  return decoyHash;
}
