/**
 * The server's answers to queued writes, for the screens: a screen that just queued a write
 * can wait a little for its answer and show it in place (awaitServerAnswer); refusals nobody
 * waits for go to the listeners (the app shows a toast, and Sync problems lists them).
 */
import { liveQuery } from 'dexie';
import { localDb, type OutboxItem } from '../local-db.ts';
import { localEffects } from '../outbox-overlay.ts';
import { sessionStore } from '../session.ts';
import { findItem, outboxTables } from './outbox-store.ts';

export type ServerAnswer =
  | { state: 'sent'; status: number; body: unknown }
  /** Kept on the device: `offline` when there is no network, else the server was too slow. */
  | { state: 'queued'; offline: boolean }
  | { state: 'refused'; status: number; body: unknown; reason: string };

/** Mutation ids whose refusal a screen shows itself (no second message from the outbox). */
const answeredInPlace = new Set<string>();

/**
 * Waits a little for the server to answer a queued write, so that online the screen behaves
 * as a direct request would: 'sent' with the server's answer, or 'refused' with its reason (the
 * write then leaves the outbox: the screen shows the refusal, e.g. a form's field errors, and
 * the user can correct and resend). Offline, or when the answer takes longer, 'queued': the
 * write stays in the outbox and is sent later; the screen says which of the two it was.
 */
export async function awaitServerAnswer(mutationId: string, timeoutMs = 10_000): Promise<ServerAnswer> {
  if (!navigator.onLine) return { state: 'queued', offline: true };
  answeredInPlace.add(mutationId);
  try {
    const item = await new Promise<OutboxItem | undefined>((resolve) => {
      const timer = setTimeout(() => finish(undefined), timeoutMs);
      const subscription = liveQuery(() => findItem(mutationId)).subscribe({
        next: (current) => {
          if (!current || current.state !== 'queued') finish(current);
        },
        error: () => finish(undefined),
      });
      function finish(value: OutboxItem | undefined) {
        clearTimeout(timer);
        // Unsubscribing inside the first callback must wait until subscribe() has returned.
        queueMicrotask(() => subscription.unsubscribe());
        resolve(value);
      }
    });
    if (!item || item.state === 'queued') return { state: 'queued', offline: !navigator.onLine };
    if (item.state === 'refused') {
      await localDb.transaction('rw', outboxTables(), async () => {
        await localDb.outbox.delete(item.seq!);
        await localEffects.refreshMarks(sessionStore.get().user?.id ?? null);
      });
      return { state: 'refused', status: item.result?.status ?? 400, body: item.result?.body ?? null, reason: item.result?.reason ?? 'Refused by the server' };
    }
    return { state: 'sent', status: item.result?.status ?? 200, body: item.result?.body ?? null };
  } finally {
    answeredInPlace.delete(mutationId);
  }
}

export interface Refusal {
  mutationId?: string;
  summary: string;
  reason: string;
}

const refusalListeners = new Set<(refusal: Refusal) => void>();

export function onRefused(listener: (refusal: Refusal) => void) {
  refusalListeners.add(listener);
  return () => refusalListeners.delete(listener);
}

/** Tells the listeners about refusals no screen is waiting for. */
export function notifyRefused(refused: Refusal[]) {
  for (const refusal of refused) {
    if (refusal.mutationId && answeredInPlace.has(refusal.mutationId)) continue;
    refusalListeners.forEach((listener) => listener(refusal));
  }
}
