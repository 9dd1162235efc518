/** The documents of an application as the API shows them, and the bytes of one. */
import type { DocumentRow } from '../db/document-rows.ts';
import type { AppDeps } from '../http/env.ts';
import type { DocumentInfo } from '../schemas/document.ts';

export const toDocumentInfo = (row: DocumentRow): DocumentInfo => ({
  id: row.id,
  applicationId: row.application_id,
  kind: row.kind,
  writeId: row.write_id,
  fileKey: row.client_key,
  contentType: row.content_type,
  size: row.byte_size,
  width: row.width,
  height: row.height,
  createdAt: row.created_at,
  ownerId: row.owner_id,
  note: row.note,
  ...(row.claim_id ? { claimId: row.claim_id, paper: row.paper } : row.paper ? { paper: row.paper } : {}),
});

export function documentsOf(deps: Pick<AppDeps, 'db'>, applicationId: string): Promise<DocumentRow[]> {
  return deps.db.selectFrom('documents').selectAll().where('application_id', '=', applicationId).where('claim_id', 'is', null).orderBy('created_at').orderBy('id').execute();
}

export function findDocument(deps: Pick<AppDeps, 'db'>, applicationId: string, documentId: string): Promise<DocumentRow | undefined> {
  return deps.db.selectFrom('documents').selectAll().where('application_id', '=', applicationId).where('claim_id', 'is', null).where('id', '=', documentId).executeTakeFirst();
}

/** A claim's documents (migration 0225): its claimant's papers and its agent's evidence. */
export function claimDocumentsOf(deps: Pick<AppDeps, 'db'>, claimId: string): Promise<DocumentRow[]> {
  return deps.db.selectFrom('documents').selectAll().where('claim_id', '=', claimId).orderBy('created_at').orderBy('id').execute();
}

export function findClaimDocument(deps: Pick<AppDeps, 'db'>, claimId: string, documentId: string): Promise<DocumentRow | undefined> {
  return deps.db.selectFrom('documents').selectAll().where('claim_id', '=', claimId).where('id', '=', documentId).executeTakeFirst();
}
