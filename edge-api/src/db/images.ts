/** Reads of the uploaded images' records (the bytes themselves are in storage/). */
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** The recorded type of an uploaded image and its sizes' widths, or undefined when no such upload is recorded. */
export async function uploadedImage(db: Kysely<Database>, name: string): Promise<{ content_type: string; widths: string } | undefined> {
  return db.selectFrom('images').select(['content_type', 'widths']).where('id', '=', name).executeTakeFirst();
}
