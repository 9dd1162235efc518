/**
 * What the service worker and the page say to each other about the outbox (sw.ts, lib/offline/):
 * the Background Sync tag, which is also the message type the worker posts to pages.
 */
export const outboxSyncTag = 'outbox-push';

/** A page's answer to the worker: whether the queue went out (else the browser retries). */
export interface OutboxPushReply {
  ok: boolean;
}
