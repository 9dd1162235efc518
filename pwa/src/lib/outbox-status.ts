/**
 * What the header shows about the outbox, kept apart from the outbox engine (which needs the
 * local database) so the header can read it without loading Dexie on the first paint.
 */
import { createStatusStore } from './status-store.ts';

export interface OutboxStatus {
  /** The signed-in user's writes not yet accepted by the server. */
  waiting: number;
  /** Writes the server refused, kept until the user dismisses them; plus a lost-writes notice. */
  problems: number;
  /** A push is under way in this tab. */
  pushing: boolean;
  /** The queue waits for the user to sign in again (the session ended). */
  pausedForSignIn: boolean;
}

export const outboxStatus = createStatusStore<OutboxStatus>({ waiting: 0, problems: 0, pushing: false, pausedForSignIn: false });

export function updateOutboxStatus(change: Partial<OutboxStatus>) {
  const current = outboxStatus.get();
  const next = { ...current, ...change };
  if ((Object.keys(change) as (keyof OutboxStatus)[]).some((key) => current[key] !== next[key])) outboxStatus.set(next);
}
