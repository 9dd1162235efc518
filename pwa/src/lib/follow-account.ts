/**
 * Keeps the signed-in person's account (above all their role) as the server has it, without
 * a reload and without a request of its own: every page of GET /sync carries the account
 * (sync-pull.ts takes it), so a pull is enough. A pull already runs at start, every minute,
 * when the connection returns and when the page becomes visible; this adds one when the
 * window gets focus, at most once per `minGapMs` however often that happens. A token renewal
 * brings the account too (session.ts acceptSession). The server checks the role on every
 * request anyway; this is so that menus and guarded screens follow.
 */
import { sessionStore } from './session.ts';
import { pullChanges } from './sync-pull.ts';

const minGapMs = 5_000;

export function followAccountChanges(): () => void {
  let lastAsked = 0;
  let later: number | undefined;

  function check() {
    if (sessionStore.get().status !== 'signed-in' || !navigator.onLine) return;
    const wait = lastAsked + minGapMs - Date.now();
    if (wait > 0) {
      // Too soon after the last pull asked here: once more when the gap is over, not never.
      window.clearTimeout(later);
      later = window.setTimeout(check, wait);
      return;
    }
    lastAsked = Date.now();
    void pullChanges();
  }

  window.addEventListener('focus', check);
  return () => {
    window.clearTimeout(later);
    window.removeEventListener('focus', check);
  };
}
