/** Reads of the uploaded images' records (the bytes themselves are in storage/). */
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';

/** The recorded type of an uploaded image, or undefined when no such upload is recorded. */
export async function uploadedImageType(db: Kysely<Database>, name: string): Promise<string | undefined> {
  const row = await db.selectFrom('images').select('content_type').where('id', '=', name).executeTakeFirst();
  return row?.content_type;
}
