/**
 * Records cash an agent took in the field (issue 49) through the outbox: it works with no
 * network, and the server records it once however often the outbox sends it (the mutation id is
 * the collection's Idempotency-Key). The receipt number is made here from that id and the time,
 * as the server makes it (schemas/premium-schedule.ts), so the customer gets it on the spot.
 */
import { fieldReceiptNumber } from 'edge-api/src/schemas/premium-schedule.ts';
import { formatMoney } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { enqueue, signedInUser } from '../../lib/offline/queue.ts';
import type { CollectionItem } from './collections-api.ts';

export interface RecordedCollection {
  receiptNumber: string;
  applicationId: string;
  dueIds: string[];
  amountMinor: number;
  collectedAt: string;
}

export async function recordCollection(item: Pick<CollectionItem, 'applicationId' | 'holder'>, dues: readonly { id: string; amountMinor: number }[]): Promise<RecordedCollection> {
  const user = signedInUser();
  const mutationId = crypto.randomUUID();
  const collectedAt = new Date().toISOString();
  const dueIds = dues.map((due) => due.id);
  const amountMinor = dues.reduce((sum, due) => sum + due.amountMinor, 0);
  await enqueue(user, {
    mutationId,
    type: 'premium.collect',
    payload: { applicationId: item.applicationId, dueIds, amountMinor, collectedAt },
    summary: t('coll.outboxSummary', { amount: formatMoney(amountMinor, { fractionDigits: 2 }), holder: item.holder }),
    targetId: item.applicationId,
    preview: null,
  });
  return { receiptNumber: fieldReceiptNumber(mutationId, collectedAt), applicationId: item.applicationId, dueIds, amountMinor, collectedAt };
}
