/**
 * Uploads a device started and never finished (the phone was lost, the person signed out with
 * them unsent) hold parts in the store and count against their owner's quota. Past a week
 * without a byte they are removed, parts and row, a bounded batch at a time: with the periodic
 * housekeeping and before each new upload (as unused images are, lib/unused-uploads.ts). Parts
 * orphaned by a send that lost a race or a server that stopped mid-write go at the same time.
 */
import type { AppDeps } from '../http/env.ts';
import { removeLegacyParts, removeOrphanedParts } from './upload-parts.ts';

/** A device retries for hours at most (its backoff caps at a minute); a week is far past that. */
export const abandonedAfterSeconds = 7 * 24 * 3600;
const batchSize = 20;

export async function removeAbandonedUploads(deps: Pick<AppDeps, 'db' | 'clock' | 'images'>): Promise<number> {
  const before = new Date(deps.clock().getTime() - abandonedAfterSeconds * 1000).toISOString();
  const stale = await deps.db
    .selectFrom('document_uploads')
    .select(['id', 'received'])
    .where('document_id', 'is', null)
    .where('refusal', 'is', null)
    .where('updated_at', '<', before)
    .limit(batchSize)
    .execute();
  for (const upload of stale) {
    // The row goes first, and only if still untouched: a device that came back meanwhile keeps it.
    const removed = await deps.db
      .deleteFrom('document_uploads')
      .where('id', '=', upload.id)
      .where('received', '=', upload.received)
      .where('updated_at', '<', before)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) continue;
    // Its parts' names went to document_leftovers with the row (migration 0255); older parts have no names there.
    await removeLegacyParts(deps, upload.id, upload.received);
  }
  await removeOrphanedParts(deps);
  return stale.length;
}
