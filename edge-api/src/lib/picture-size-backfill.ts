/**
 * The smaller sizes of pictures uploaded before sizes were made at upload
 * (migrations/0240_picture_sizes_backfill.sql, decision 0086): made by the housekeeping (hourly
 * on Node, the cron on the Worker), oldest first, `config.pictureBackfillBatch` a run, with the
 * same codecs and pixel cap as an upload. Until a picture's sizes are recorded, `?w=` answers
 * its original, as it always did; from then on the size.
 */
import { imageSize } from 'image-size';
import type { AppDeps } from '../http/env.ts';
import { putPictureSizes, removePictureSizes, widthsColumn } from './image-uploads.ts';
import { sniffImage } from './image-sniff.ts';

/** Makes the sizes of up to one batch of pictures still without them; the names of those now sized. */
export async function backfillPictureSizes(deps: AppDeps): Promise<string[]> {
  const { db, images, config } = deps;
  const pending = await db
    .selectFrom('images')
    .select('id')
    .where('sizes_pending', '=', 1)
    .orderBy('created_at')
    .limit(config.pictureBackfillBatch)
    .execute();
  const sized: string[] = [];
  for (const { id } of pending) {
    // Claimed before the work: a run in another isolate at the same time skips it, and a picture
    // whose sizes cannot be made is tried once, not every hour.
    const claimed = await db.updateTable('images').set({ sizes_pending: 0 }).where('id', '=', id).where('sizes_pending', '=', 1).returning('id').executeTakeFirst();
    if (!claimed) continue;
    const widths = await makeSizes(deps, id);
    if (!widths.length) continue;
    const recorded = await db.updateTable('images').set({ widths: widthsColumn(widths) }).where('id', '=', id).returning('id').executeTakeFirst();
    // Removed meanwhile (an unused upload): its sizes would be left in the store for good.
    if (!recorded) await removePictureSizes(images, id, widths);
    else sized.push(id);
  }
  return sized;
}

/** Stores the sizes of one stored picture; none when it is gone or they cannot be made. */
async function makeSizes({ images, config }: AppDeps, name: string): Promise<number[]> {
  try {
    const stored = await images.get(name);
    if (!stored) return [];
    const bytes = new Uint8Array(await new Response(stored.body).arrayBuffer());
    const kind = sniffImage(bytes);
    if (!kind) return [];
    const { width, height } = imageSize(bytes);
    if (!(width > 0 && height > 0)) return [];
    return await putPictureSizes(images, name, { bytes, kind, width, height }, config.maxSizedPixels);
  } catch (error) {
    console.warn(`Smaller sizes of the stored picture ${name} could not be made:`, error);
    return [];
  }
}
