/**
 * Start-up of the outbox: wires the push triggers (sign-in, `online`, visibility, Background
 * Sync messages from the service worker) and keeps the header's counts current. Called once
 * when the app starts (app/start.ts).
 */
import { liveQuery, type Subscription } from 'dexie';
import { localDb } from '../local-db.ts';
import { rememberUnsentCount } from '../outbox-lost.ts';
import { updateOutboxStatus } from '../outbox-status.ts';
import { outboxSyncTag, type OutboxPushReply } from '../outbox-sync-tag.ts';
import { pullStatus } from '../pull-status.ts';
import { sessionStore } from '../session.ts';
import { checkForEviction, currentInstance } from '../sync-pull.ts';
import { pushOutbox, resetBackoff } from './push-engine.ts';

export { onRefused } from './answers.ts';
export { clearOutboxOf } from './queue.ts';

let started = false;

export function startOutbox(): void {
  if (started) return;
  started = true;

  void checkForEviction();
  let counts: Subscription | undefined;
  let watchedUser: string | null | undefined;
  const watch = () => {
    const userId = sessionStore.get().user?.id ?? null;
    if (userId === watchedUser) return;
    watchedUser = userId;
    counts?.unsubscribe();
    counts = liveQuery(async () => ({
      items: await localDb.outbox.toArray(),
      instance: await currentInstance(),
      refusedDocuments: userId ? await localDb.pendingDocuments.where('userId').equals(userId).filter((doc) => doc.state === 'refused').toArray() : [],
    })).subscribe({
      next: ({ items, instance, refusedDocuments }) => {
        const ordered = [...items].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
        const queued = ordered.filter((item) => item.state === 'queued');
        // Only about a database known to this device (not a fresh one after an eviction).
        if (instance) rememberUnsentCount(instance, queued.length);
        // Signed out after a session ended by itself: the writes wait for their owner, and the
        // header and the panel both say so (the explicit sign-out asks first and clears them).
        const waitingItems = userId ? queued.filter((item) => item.userId === userId) : queued;
        const refusedItems = ordered.filter((item) => item.state === 'refused' && item.userId === userId);
        updateOutboxStatus({
          waitingItems,
          refusedItems,
          refusedDocuments,
          waiting: waitingItems.length,
          problems: refusedItems.length + refusedDocuments.length,
          pausedForSignIn: !userId && queued.length > 0,
        });
      },
      error: (error) => console.error('Outbox status failed', error),
    });
    // A user who signs (back) in gets their writes sent.
    if (userId) void pushOutbox();
  };
  watch();
  sessionStore.subscribe(watch);

  // Documents (issue 27): after each pull, those of the person's applications are kept here.
  // Directly, not through lib/offline-entry.ts: that module re-exports this one (a cycle).
  let lastPull = pullStatus.get().state;
  pullStatus.subscribe(() => {
    const { state } = pullStatus.get();
    if (lastPull === 'syncing' && state === 'idle') void import('../documents/kept.ts').then((kept) => kept.keepDocuments());
    lastPull = state;
  });

  window.addEventListener('online', () => {
    resetBackoff();
    void pushOutbox();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void pushOutbox();
  });
  // The service worker's Background Sync asks an open page to push, and waits for the answer.
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent<{ type?: string } | null>) => {
    if (event.data?.type !== outboxSyncTag) return;
    const port = event.ports[0];
    void pushOutbox().then((outcome) => port?.postMessage({ ok: outcome.ok } satisfies OutboxPushReply));
  });
}
