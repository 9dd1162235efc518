/**
 * The inbox's writes. Reads come from the device's copy (GET /sync fills it); a read mark is
 * sent to the server and the copy updated at once, so the bell falls without waiting, and the
 * person's other devices get the mark with their next pull.
 */
import { answerOf } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';
import { localDb } from '../../lib/local-db.ts';

export async function markRead(id: string): Promise<void> {
  const { notification } = await answerOf(await api.notifications[':id'].read.$post({ param: { id } }, { init: { signal: AbortSignal.timeout(10_000) } }));
  await localDb.notifications.put(notification);
}

export async function markAllRead(): Promise<void> {
  await answerOf(await api.notifications['read-all'].$post(undefined, { init: { signal: AbortSignal.timeout(10_000) } }));
  const now = new Date().toISOString();
  await localDb.notifications.toCollection().modify((item) => {
    item.readAt ??= now;
  });
}

/** A pull now: after a push arrived, or to see a change another device made. */
export const refreshInbox = () => import('../../lib/offline-entry.ts').then((sync) => sync.pullChanges());
