/**
 * What runs once when the app starts: settle the session, then fill or refresh the local
 * copy and send what waits in the outbox; keep the copy fresh (every minute while the page is
 * visible, when the connection returns, when the page becomes visible again); register the
 * service worker for the offline shell and update prompt.
 * All of that waits until the page is interactive (lib/page-settled.ts: first commit, load, an idle
 * moment): on a first visit over a slow network the local database code, the first pull and the
 * worker's precache would otherwise compete with the first screen's own requests.
 */
import { registerAppUpdates } from '../components/update-prompt.tsx';
import { showToast } from '../components/toast.tsx';
import { onSignOut, restoreSession, sessionStore } from '../lib/session.ts';
import { handShownPicturesToWorker } from '../lib/shown-pictures.ts';
import { localDbOpened } from '../lib/local-db-opened.ts';
import { afterSettled, heldWorkMayStart, pageSettled, releaseHeldWork } from '../lib/page-settled.ts';
import { clearAllDrafts } from '../features/apply/application-draft.ts';
import { t } from '../lib/i18n/runtime.ts';

// Both wait until the database is open (in its own steps: local-db-opened.ts), and on a
// visitor's prerendered page until the visitor first acts (page-settled.ts holdUntilFirstAct).
const localWork = <T>(load: () => Promise<T>) => heldWorkMayStart().then(load);
const syncEngine = () => localWork(() => Promise.all([import('../lib/offline-entry.ts'), localDbOpened()])).then(([engine]) => engine);
const outboxEngine = () => localWork(() => Promise.all([import('../lib/offline-entry.ts'), localDbOpened()])).then(([outbox]) => outbox);
const pull = () => void pageSettled().then(syncEngine).then((engine) => engine.pullChanges());
const pullEveryMs = 60_000;
// What the worker keeps beyond a visitor's precache (issue 32): this page and its files, the
// pages it links to when idle; after sign-in, the person's role's screens (role-screens.ts).
const keepOffline = () => import('../lib/keep-offline.ts');
const keepRoleScreens = () => {
  const role = sessionStore.get().user?.role;
  if (role) void afterSettled(() => import('./role-screens.ts')).then((screens) => screens.keepRoleScreens(role));
};

export function startApp() {
  // A returning visit (a worker answered this page) may fetch linked pages when idle; a first may not.
  const loadedUnderWorker = 'serviceWorker' in navigator && navigator.serviceWorker.controller !== null;
  // Which build runs (diagnostics, and the deploy test tells builds apart by it).
  document.documentElement.dataset.build = import.meta.env.VITE_BUILD_ID ?? 'local';
  // Pictures shown before the worker took control go into its picture cache (a first visit).
  handShownPicturesToWorker();

  // Sign-out (confirmed by lib/outbox-sign-out.ts when writes wait): the user's private rows,
  // their outbox and any unsent application draft leave the device.
  onSignOut(async () => {
    const userId = sessionStore.get().user?.id;
    clearAllDrafts();
    // This device stops receiving the person's pushes (issue 28).
    await import('../lib/web-push.ts').then((push) => push.turnOffPush()).catch(() => undefined);
    const [engine, outbox] = await Promise.all([syncEngine(), outboxEngine()]);
    await engine.clearPrivateData();
    if (userId) await outbox.clearOutboxOf(userId);
  });
  // Once the page is interactive, one piece per task (afterSettled), in this order: what the
  // device holds (the local database, Dexie, ~31 KB, is fetched then, not alongside the page),
  // the first pull and the outbox, the account follower, then the service worker.
  void afterSettled(syncEngine).then((engine) => engine.initialPullStatus());
  void Promise.allSettled([restoreSession(), pageSettled()]).finally(() => {
    void afterSettled(pull);
    void afterSettled(outboxEngine).then((outbox) => {
      outbox.startOutbox();
      outbox.onRefused((refusal) => showToast('error', t('sync.refused'), `${refusal.summary}: ${refusal.reason}`, 8000));
    });
    // An installed app, or a signed-in user's data, is worth keeping through storage pressure.
    keepRoleScreens();
    if (sessionStore.get().user || window.matchMedia?.('(display-mode: standalone)').matches) {
      void syncEngine().then((engine) => engine.requestPersistentStorage());
    }
  });
  // A role an admin changed reaches this person on the next pull or focus, without a reload.
  void afterSettled(() => localWork(() => import('../lib/offline-entry.ts'))).then((follow) => follow.followAccountChanges());
  void afterSettled(registerAppUpdates);
  void afterSettled(keepOffline).then((keep) => {
    void keep.handOverLoaded();
    keep.fetchLinkedPagesWhenIdle(loadedUnderWorker);
  });

  let lastUser = sessionStore.get().user?.id ?? null;
  sessionStore.subscribe(() => {
    const user = sessionStore.get().user?.id ?? null;
    if (user !== lastUser) {
      lastUser = user;
      pull();
      // A signed-in user's data (and their offline writes) are worth keeping.
      if (user) releaseHeldWork('signed-in');
      if (user) void syncEngine().then((engine) => engine.requestPersistentStorage());
      if (user) keepRoleScreens();
    }
  });
  window.addEventListener('online', pull);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && navigator.onLine) pull();
  });
  window.setInterval(() => {
    if (document.visibilityState === 'visible' && navigator.onLine) pull();
  }, pullEveryMs);
}
