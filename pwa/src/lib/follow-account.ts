/**
 * Keeps the signed-in person's account (above all their role) as the server has it, without
 * a reload: after each pull of the local copy, when the window gets focus or becomes visible
 * again, and at most once per `minGapMs` however often those happen. A token renewal already
 * brings the account with it (session.ts acceptSession). The server checks the role on every
 * request anyway; this is so that menus and guarded screens follow.
 */
import { api } from './http.ts';
import { pullStatus } from './pull-status.ts';
import { sessionStore, updateSessionUser, type SessionUser } from './session.ts';

const minGapMs = 5_000;
const timeoutMs = 10_000;

export function followAccountChanges(): () => void {
  let lastAsked = 0;
  let asking = false;
  let later: number | undefined;

  async function check() {
    const { status, user } = sessionStore.get();
    if (status !== 'signed-in' || !user || !navigator.onLine) return;
    const wait = lastAsked + minGapMs - Date.now();
    if (asking || wait > 0) {
      // Too soon after the last question: ask once more when the gap is over, not never.
      window.clearTimeout(later);
      later = window.setTimeout(() => void check(), Math.max(wait, 500));
      return;
    }
    asking = true;
    lastAsked = Date.now();
    try {
      const res = await api.auth.me.$get(undefined, { init: { signal: AbortSignal.timeout(timeoutMs) } });
      if (res.ok) updateSessionUser((await res.json()) as SessionUser);
    } catch {
      // Offline or slow: the next focus or pull asks again.
    } finally {
      asking = false;
    }
  }

  const onVisible = () => {
    if (document.visibilityState === 'visible') void check();
  };
  let wasSyncing = pullStatus.get().state === 'syncing';
  const stopPull = pullStatus.subscribe(() => {
    const syncing = pullStatus.get().state === 'syncing';
    if (wasSyncing && !syncing) void check();
    wasSyncing = syncing;
  });
  window.addEventListener('focus', onVisible);
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    window.clearTimeout(later);
    stopPull();
    window.removeEventListener('focus', onVisible);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
