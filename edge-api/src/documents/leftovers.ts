/**
 * The bytes of documents whose rows are gone (an application deleted takes its documents with
 * it: migration 0181 notes their stored names). Removed in bounded batches, with the
 * housekeeping and before each new upload.
 */
import type { AppDeps } from '../http/env.ts';

const batchSize = 50;

export async function removeDocumentLeftovers(deps: Pick<AppDeps, 'db' | 'images'>): Promise<number> {
  const names = await deps.db.selectFrom('document_leftovers').select('stored_name').limit(batchSize).execute();
  for (const { stored_name: name } of names) {
    await deps.images.delete(name);
    await deps.db.deleteFrom('document_leftovers').where('stored_name', '=', name).execute();
  }
  return names.length;
}
