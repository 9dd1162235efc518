/**
 * What runs once when the app starts: settle the session, then fill or refresh the local
 * copy, and keep it fresh when the connection returns or the page becomes visible again.
 * The local database code loads after the first screen, so it never delays it.
 */
import { onSignOut, restoreSession, sessionStore } from '../lib/session.ts';

const syncEngine = () => import('../lib/sync-pull.ts');
const pull = () => void syncEngine().then((engine) => engine.pullChanges());

export function startApp() {
  onSignOut(async () => (await syncEngine()).clearPrivateData());
  void syncEngine().then((engine) => engine.initialPullStatus());
  void restoreSession().finally(pull);

  let lastUser = sessionStore.get().user?.id ?? null;
  sessionStore.subscribe(() => {
    const user = sessionStore.get().user?.id ?? null;
    if (user !== lastUser) {
      lastUser = user;
      pull();
    }
  });
  window.addEventListener('online', pull);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && navigator.onLine) pull();
  });
}
