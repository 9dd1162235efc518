/**
 * What the header shows about the outbox, kept apart from the outbox engine (which needs the
 * local database) so the header can read it without loading Dexie on the first paint.
 */
import type { OutboxItem, PendingDocument } from './local-db.ts';
import { createStatusStore } from './status-store.ts';

/**
 * The one source of truth about the outbox for every screen: the header's counts and the Sync
 * problems panel's lists are the same numbers (kept by lib/offline/start.ts from the database).
 */
export interface OutboxStatus {
  /** The writes waiting to be sent: the signed-in user's, or, signed out, everyone's (they wait for their owner). */
  waitingItems: OutboxItem[];
  /** The signed-in user's writes the server refused, kept until the user dismisses them. */
  refusedItems: OutboxItem[];
  /** The signed-in user's documents the server refused (issue 27), kept until dismissed. */
  refusedDocuments: PendingDocument[];
  /** waitingItems.length. */
  waiting: number;
  /** refusedItems.length + refusedDocuments.length (the header adds a lost-writes notice). */
  problems: number;
  /** A push is under way in this tab. */
  pushing: boolean;
  /** The queue waits for the user to sign in again (the session ended). */
  pausedForSignIn: boolean;
  /** The last push timed out: the network is there but too slow (retried on the backoff). */
  slow: boolean;
}

export const outboxStatus = createStatusStore<OutboxStatus>({ waitingItems: [], refusedItems: [], refusedDocuments: [], waiting: 0, problems: 0, pushing: false, pausedForSignIn: false, slow: false });

export function updateOutboxStatus(change: Partial<OutboxStatus>) {
  const current = outboxStatus.get();
  const next = { ...current, ...change };
  if ((Object.keys(change) as (keyof OutboxStatus)[]).some((key) => current[key] !== next[key])) outboxStatus.set(next);
}
