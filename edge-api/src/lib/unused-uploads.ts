/**
 * Uploaded images that nothing refers to (a profile photo, a policy's or a blog's picture)
 * are removed once they are older than the grace period (UNUSED_UPLOAD_GRACE_SECONDS): the
 * form that uploaded them had that long to be saved. Runs after each upload, hourly on Node and
 * on the Worker's cron trigger; each run removes a bounded batch.
 */
import { sql } from 'kysely';
import type { AppDeps } from '../http/env.ts';
import { imageUrlPrefix } from '../schemas/image.ts';
import { removeStoredImage, widthsOf } from './image-uploads.ts';

const batchSize = 50;

export async function removeUnusedUploads(deps: AppDeps): Promise<string[]> {
  const { db, clock, config } = deps;
  const before = new Date(clock().getTime() - config.unusedUploadGraceSeconds * 1000).toISOString();
  const url = sql<string>`${imageUrlPrefix} || images.id`;
  // One conditional delete: a row someone started to use meanwhile no longer matches.
  const removed = await db
    .deleteFrom('images')
    .where('id', 'in', (qb) =>
      qb
        .selectFrom('images')
        .select('images.id')
        .where('images.created_at', '<', before)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('users')
                .select(sql`1`.as('one'))
                .where('users.photo_url', '=', url)
                .unionAll(selectFrom('policies').select(sql`1`.as('one')).where('policies.image_url', '=', url))
                .unionAll(selectFrom('blogs').select(sql`1`.as('one')).where('blogs.image_url', '=', url)),
            ),
          ),
        )
        .limit(batchSize),
    )
    .returning(['id', 'widths'])
    .execute();
  for (const { id, widths } of removed) await removeStoredImage(deps.images, id, widthsOf(widths));
  return removed.map((row) => row.id);
}
