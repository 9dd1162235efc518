/** The dues collected on this phone whose collection still waits in the outbox (or was just sent), by due id. */
import { useLiveQuery } from 'dexie-react-hooks';
import { fieldReceiptNumber } from 'edge-api/src/schemas/premium-schedule.ts';
import { localDb } from '../../lib/local-db.ts';

export interface CollectionMark {
  receiptNumber: string;
  state: 'queued' | 'sent' | 'refused';
  reason: string | null;
}

export function useCollectionMarks(): Map<string, CollectionMark> {
  return useLiveQuery(
    async () => {
      const items = await localDb.outbox.filter((item) => item.type === 'premium.collect').toArray();
      const marks = new Map<string, CollectionMark>();
      for (const item of items) {
        const payload = item.payload as { dueIds?: string[]; collectedAt?: string };
        const mark = { receiptNumber: fieldReceiptNumber(item.mutationId, payload.collectedAt ?? item.createdAt), state: item.state, reason: item.result?.reason ?? null };
        for (const id of payload.dueIds ?? []) marks.set(id, mark);
      }
      return marks;
    },
    [],
    new Map(),
  );
}
