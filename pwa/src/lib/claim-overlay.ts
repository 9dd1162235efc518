/**
 * The outbox's marks on insurance claims (issue 31), as outbox-overlay.ts makes them on
 * applications: a claim filed on this device shows at once from its preview, and a claim with a
 * step still to send ('Waiting to send') is marked. Derived from the outbox, never the truth;
 * recomputed inside the transactions that change the outbox or the claims.
 */
import { localDb, type Claim, type OutboxItem, type PendingChange } from './local-db.ts';

const claimSteps = new Set<OutboxItem['type']>(['claim.file', 'claim.review', 'claim.resubmit']);
export const isClaimStep = (item: Pick<OutboxItem, 'type'>) => claimSteps.has(item.type);

/** Clears every claim mark, then marks the claims the owner's unsent `items` touch. */
export async function applyClaimOverlay(items: OutboxItem[]): Promise<void> {
  const marked = await localDb.claims.filter((row) => row.pending !== undefined).toArray();
  const previews = marked.filter((row) => row.version === 0).map((row) => row.id);
  if (previews.length) await localDb.claims.bulkDelete(previews);
  const cleared = marked.filter((row) => row.version !== 0).map(({ pending: _pending, ...row }) => row as Claim);
  if (cleared.length) await localDb.claims.bulkPut(cleared);

  for (const item of items.filter(isClaimStep)) {
    const mark: PendingChange = { mutationId: item.mutationId, type: item.type, state: item.state === 'sent' ? 'sent' : 'queued' };
    const row = await localDb.claims.get(item.targetId);
    if (item.type === 'claim.file') {
      // The server's copy is here: nothing left to show from the preview.
      if (row && row.version !== 0) continue;
      if (item.claimPreview) await localDb.claims.put({ ...item.claimPreview, pending: mark });
      continue;
    }
    if (row) await localDb.claims.put({ ...row, pending: mark });
  }
}

/** A claim the server answered with goes into the local copy at once. */
export async function adoptClaimAnswer(body: unknown): Promise<void> {
  const claim = (body as { claim?: Claim } | null | undefined)?.claim;
  if (claim?.id) await localDb.claims.put(claim);
}
