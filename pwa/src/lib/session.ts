/**
 * The signed-in session: a short-lived access token (memory + localStorage, so a reload does
 * not need the network) and the user, renewed through the httpOnly refresh cookie.
 * One store, read by React through useSyncExternalStore (see use-session.ts).
 */
import type { InferRequestType } from 'hono/client';
import type { Role } from 'edge-api/src/auth/access-table.ts';
import { plainApi } from './api-client.ts';
import { answerOf, discardAnswer } from './api-error.ts';
import { signInLanguage } from './i18n/page-language.ts';
import { refreshTimeoutMs } from './offline/timeouts.ts';
import { registerBackgroundSync } from './offline/background-sync.ts';
import { oweSignOut, sendOwedSignOuts, settlesSignOut, signOutSyncTag } from './owed-sign-outs.ts';

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  photoURL: string | null;
}

export interface SessionState {
  status: 'loading' | 'signed-in' | 'signed-out';
  user: SessionUser | null;
}

export interface AuthAnswer {
  accessToken: string;
  user: SessionUser;
  /** Given when a sign-in starts: what this device needs to end that session later by name. */
  signOut?: { sessionId: string; key: string };
}

const tokenKey = 'access-token';
const userKey = 'session-user';
/** The signed-in session's id and sign-out key (owed-sign-outs.ts); it ends only that session. */
const signOutKeyKey = 'session-sign-out';

// The build prerenders public pages in Node, which has no localStorage: a visitor there.
const stored = (key: string) => (typeof localStorage === 'undefined' ? null : localStorage.getItem(key));
let accessToken: string | null = stored(tokenKey);
let state: SessionState = readStoredState();
const listeners = new Set<() => void>();

function readStoredUser(): SessionUser | null {
  try {
    return JSON.parse(stored(userKey) ?? 'null') as SessionUser | null;
  } catch {
    return null;
  }
}

function readStoredState(): SessionState {
  const user = readStoredUser();
  return user && accessToken ? { status: 'signed-in', user } : { status: 'loading', user: null };
}

function setState(next: SessionState) {
  state = next;
  listeners.forEach((listener) => listener());
}

export const sessionStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => state,
};

export const getAccessToken = () => accessToken;

/** Starts using a session the server answered with (sign-in, or a password change). */
export function acceptSession(answer: AuthAnswer): SessionUser {
  accessToken = answer.accessToken;
  localStorage.setItem(tokenKey, answer.accessToken);
  localStorage.setItem(userKey, JSON.stringify(answer.user));
  if (answer.signOut) localStorage.setItem(signOutKeyKey, JSON.stringify(answer.signOut));
  setState({ status: 'signed-in', user: answer.user });
  return answer.user;
}

/**
 * Takes the account as the server now describes it (a role an admin changed, say), so menus
 * and guards follow without a reload. Only for the user already signed in; unchanged, nothing.
 */
export function updateSessionUser(fresh: SessionUser): void {
  const current = state.user;
  if (state.status !== 'signed-in' || !current || current.id !== fresh.id) return;
  const next: SessionUser = { id: fresh.id, email: fresh.email, name: fresh.name, role: fresh.role, photoURL: fresh.photoURL };
  if (next.role === current.role && next.name === current.name && next.email === current.email && next.photoURL === current.photoURL) return;
  localStorage.setItem(userKey, JSON.stringify(next));
  setState({ status: 'signed-in', user: next });
}

function forget() {
  accessToken = null;
  localStorage.removeItem(tokenKey);
  localStorage.removeItem(userKey);
  setState({ status: 'signed-out', user: null });
}

// The session calls go through the plain client (api-client.ts): no bearer token, and a 401
// here is an answer, never a reason to renew the session and ask again.
const { auth } = plainApi;

/**
 * Before a sign-in: a cookie-only owed sign-out (a session from before sign-out keys) gets its
 * last try while the cookie is still its session's, then is dropped, so it is never sent with the
 * new person's cookie. Named ones do not hold up the sign-in: they end only their own sessions.
 */
export async function beforeSignIn(): Promise<void> {
  await sendLegacy();
  localStorage.removeItem(legacyPendingKey);
  void revokePendingSignOut();
}

export async function signIn(email: string, password: string): Promise<SessionUser> {
  await beforeSignIn();
  return acceptSession(await answerOf(await auth.login.$post({ json: { email, password, language: signInLanguage() } })));
}

export async function signInWithGoogle(idToken: string): Promise<SessionUser> {
  await beforeSignIn();
  return acceptSession(await answerOf(await auth.google.$post({ json: { idToken, language: signInLanguage() } })));
}

/** The registration form's fields (sent as multipart, since it may carry the profile picture). */
export type Registration = InferRequestType<typeof auth.register.$post>['form'];

/** The page's language goes with the form: the new account's language (issue 48). */
function withLanguage(form: Registration): Registration {
  const language = signInLanguage();
  return language ? { ...form, language } : form;
}

export async function register(form: Registration): Promise<SessionUser> {
  await beforeSignIn();
  return acceptSession(await answerOf(await auth.register.$post({ form: withLanguage(form) })));
}

let refreshing: Promise<boolean> | null = null;

/** Takes over a session another tab renewed or started, as stored in localStorage. */
function adoptStored(): boolean {
  const token = localStorage.getItem(tokenKey);
  const user = readStoredUser();
  if (!token || !user) return false;
  accessToken = token;
  setState({ status: 'signed-in', user });
  return true;
}

/**
 * Renews the access token with the refresh cookie; one request at a time however many
 * callers ask, and one tab at a time (two tabs sending the same refresh cookie would look
 * like a stolen token and end the session). A tab that waited for another's renewal takes
 * its result instead of renewing again. Resolves false when the session is over (the caller
 * signs out), and keeps the session when the network is down (offline work must not sign
 * anyone out).
 */
export function refreshSession(): Promise<boolean> {
  const staleToken = accessToken;
  const renew = async (): Promise<boolean> => {
    const stored = localStorage.getItem(tokenKey);
    if (stored && stored !== staleToken && adoptStored()) return true;
    try {
      // A renewal that never answers must not hold the lock (nor every caller waiting on it).
      const res = await auth.refresh.$post(undefined, { init: { signal: AbortSignal.timeout(refreshTimeoutMs) } });
      // Refusals come from the API's one error handler, which the route's type does not list.
      const status: number = res.status;
      if (res.ok) {
        acceptSession(await answerOf(res));
        return true;
      }
      discardAnswer(res);
      if (status === 401 || status === 403) {
        // A sign-in that finished while this renewal was on its way is not undone by it.
        if (accessToken !== staleToken && accessToken !== null) return true;
        forget();
        return false;
      }
      return state.status === 'signed-in';
    } catch {
      return state.status === 'signed-in';
    }
  };
  refreshing ??= (async () => {
    try {
      return navigator.locks ? await navigator.locks.request('session-refresh', renew) : await renew();
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

// Another tab signed in, renewed or signed out: follow it. A sign-out made offline is sent
// the moment the network returns.
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => void revokePendingSignOut());
  window.addEventListener('storage', (event) => {
    if (event.key !== tokenKey && event.key !== null) return;
    if (localStorage.getItem(tokenKey)) adoptStored();
    else if (state.status === 'signed-in') {
      accessToken = null;
      setState({ status: 'signed-out', user: null });
    }
  });
}

export type SignOutHook = () => Promise<void> | void;
const signOutHooks = new Set<SignOutHook>();
/** Lets local stores (offline data, outbox) clear a user's data when they sign out. */
export function onSignOut(hook: SignOutHook) {
  signOutHooks.add(hook);
  return () => signOutHooks.delete(hook);
}

/**
 * Signs out: the local data goes at once, online or not. The session is owed to the server by
 * name (its id and sign-out key, in IndexedDB) and sent now; when that cannot reach the server
 * (offline, a timeout, an error) it is sent again until the server confirms: by this page, by any
 * later page, and by the service worker on Background Sync with no page open. Never by cookie:
 * the cookie may be the next person's by then.
 */
export async function signOut(): Promise<void> {
  const named = readSignOutKey();
  localStorage.removeItem(signOutKeyKey);
  if (named) {
    try {
      await oweSignOut({ ...named, at: new Date().toISOString() });
      mayOweSignOuts = true;
      owedAdded += 1;
      void registerBackgroundSync(signOutSyncTag);
    } catch {
      // No IndexedDB (blocked storage): one try now, by name, is all this device can do.
      await sendNamed(named).catch(() => undefined);
    }
  } else if (state.status === 'signed-in') {
    // A session from before sign-out keys: ended by its cookie, now or (owed) before the next sign-in.
    localStorage.setItem(legacyPendingKey, new Date().toISOString());
  }
  // A send already under way may have read the owed list before this entry: then once more.
  await revoking;
  await revokePendingSignOut();
  for (const hook of signOutHooks) await hook();
  forget();
}

function readSignOutKey(): { sessionId: string; key: string } | null {
  try {
    const value = JSON.parse(localStorage.getItem(signOutKeyKey) ?? 'null') as { sessionId?: unknown; key?: unknown } | null;
    return value && typeof value.sessionId === 'string' && typeof value.key === 'string' ? { sessionId: value.sessionId, key: value.key } : null;
  } catch {
    return null;
  }
}

const legacyPendingKey = 'sign-out-pending';
/** Unknown until looked: a page may start with sign-outs owed by an earlier one. */
let mayOweSignOuts = true;
/** Counts entries added, so a send that began before one was added does not say none is owed. */
let owedAdded = 0;
let revoking: Promise<boolean> | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryDelayMs = 2000;

const sendNamed = (entry: { sessionId: string; key: string }) =>
  auth.logout
    .$post({ json: { sessionId: entry.sessionId, key: entry.key } }, { init: { signal: AbortSignal.timeout(refreshTimeoutMs) } })
    .then((res) => res.status as number);

/** A cookie-only sign-out (older sessions); dropped at the next sign-in (beforeSignIn). */
async function sendLegacy(): Promise<boolean> {
  if (!localStorage.getItem(legacyPendingKey)) return true;
  try {
    const res = await auth.logout.$post({ json: {} }, { init: { signal: AbortSignal.timeout(refreshTimeoutMs) } });
    if (!settlesSignOut(res.status)) return false;
    localStorage.removeItem(legacyPendingKey);
    return true;
  } catch {
    return false;
  }
}

/**
 * Sends the sign-outs still owed to the server. Called before every pull and push, on start-up,
 * when the network returns, and again on a timer (2 s doubling to a minute) while any is left:
 * a server answering 503 sends no 'online' event. Resolves true when nothing is owed any more.
 */
export function revokePendingSignOut(): Promise<boolean> {
  if (!mayOweSignOuts && !localStorage.getItem(legacyPendingKey)) return Promise.resolve(true);
  revoking ??= (async () => {
    try {
      const addedBefore = owedAdded;
      const legacy = await sendLegacy();
      const named = await sendOwedSignOuts(sendNamed).catch(() => false);
      if (named && owedAdded === addedBefore) mayOweSignOuts = false;
      const done = legacy && named;
      clearTimeout(retryTimer);
      if (done) retryDelayMs = 2000;
      else {
        retryTimer = setTimeout(() => void revokePendingSignOut(), retryDelayMs);
        retryDelayMs = Math.min(retryDelayMs * 2, 60_000);
      }
      return done;
    } finally {
      revoking = null;
    }
  })();
  return revoking;
}

/** Ends a session the server no longer accepts, without asking it (it already said no). */
export function endSession() {
  if (state.status !== 'signed-out') forget();
}

/**
 * At start-up: settle whether someone is signed in. A device that never signed in (nothing
 * stored) is a visitor without asking the server, so visitors make no failing request.
 */
export async function restoreSession(): Promise<void> {
  if (!readStoredUser() && !localStorage.getItem(tokenKey)) {
    if (state.status === 'loading') setState({ status: 'signed-out', user: null });
    return;
  }
  if (state.status === 'signed-in' && !navigator.onLine) return;
  const ok = await refreshSession();
  if (!ok && state.status !== 'signed-out') forget();
}
