/** Recording an uploaded image for its owner, within the owner's upload space. */
import { sql } from 'kysely';
import type { AppDeps } from '../http/env.ts';
import { widthsColumn, type StoredUpload } from '../lib/image-uploads.ts';

/**
 * Records a stored image as the owner's while the owner stays within `quotaBytes`: one
 * conditional insert, so parallel uploads cannot pass the quota together. False when it would not fit.
 */
export async function recordUpload(
  { db, batch, clock }: Pick<AppDeps, 'db' | 'batch' | 'clock'>,
  ownerId: string,
  stored: StoredUpload,
  quotaBytes: number,
): Promise<boolean> {
  const [result] = await batch([
    sql`insert into images (id, content_type, byte_size, owner_id, created_at, widths)
        select ${stored.name}, ${stored.contentType}, ${stored.size}, ${ownerId}, ${clock().toISOString()}, ${widthsColumn(stored.widths)}
        where (select coalesce(sum(byte_size), 0) from images where owner_id = ${ownerId}) + ${stored.size} <= ${quotaBytes}`.compile(db),
  ]);
  return Boolean(result?.changes);
}
