/**
 * Documents on an insurance claim (issues 27 and 31; migration 0225): the claimant's papers
 * and the assigned agent's evidence. The same routes and upload code as an application's
 * documents (routes/document-routes.ts, documents/uploads.ts); only who may is the claim's.
 *
 * - `GET /claims/:id/documents`, `GET /claims/:id/documents/:documentId`: the claimant, the
 *   assigned agent and admins; `Cache-Control: private, no-store`.
 * - `POST /claims/:id/documents/uploads`, then `HEAD`/`GET` and `PATCH .../uploads/:uploadId`.
 */
import { uploadableClaim, viewableClaim } from '../documents/claim-document-access.ts';
import { claimDocumentsOf, findClaimDocument } from '../documents/documents.ts';
import { createUpload, findUpload } from '../documents/uploads.ts';
import { notFound } from '../http/errors.ts';
import { documentRoutesFor } from './document-routes.ts';

export const claimDocumentRoutes = documentRoutesFor({
  mount: '/claims',
  viewable: viewableClaim,
  documentsOf: claimDocumentsOf,
  findDocument: findClaimDocument,
  async startUpload(deps, user, id, meta, length) {
    const { claim, paper } = await uploadableClaim(deps, user, id, meta);
    const upload = await createUpload(deps, user, claim.application_id, meta, length, { id: claim.id, paper });
    // A replay of the same write and file on another claim of the application is not this claim's.
    if (upload.claim_id !== claim.id) throw notFound('Upload');
    return upload;
  },
  // Kept with the application's uploads; only one on this claim, and only to who may see the claim.
  async findUpload(deps, user, id, uploadId) {
    const claim = await viewableClaim(deps, user, id);
    const upload = await findUpload(deps, claim.application_id, uploadId);
    return upload?.claim_id === claim.id ? upload : undefined;
  },
  uploadCacheControl: 'private, no-store',
});
