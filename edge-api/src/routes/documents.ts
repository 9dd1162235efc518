/**
 * Documents and photos on an application (issue 27; docs/decisions/0078).
 *
 * - `GET /applications/:id/documents`: the list, to the owner, the assigned agent and admins.
 * - `GET /applications/:id/documents/:documentId`: one document's bytes, to the same people,
 *   `Cache-Control: private, no-store` (the app keeps them on the device itself, never the
 *   HTTP cache), with their real type and nosniff.
 * - `POST /applications/:id/documents/uploads`, then `HEAD` (answered by GET) and `PATCH
 *   /applications/:id/documents/uploads/:uploadId`: a resumable upload, tus 1.0 core and
 *   creation (documents/upload-protocol.ts). Tied to its write by Upload-Metadata (writeId,
 *   fileKey): a replay finds the same upload and never makes a second document.
 *
 * The routes themselves are shared with a claim's documents (routes/document-routes.ts).
 */
import { uploadableApplication, viewableApplication } from '../documents/document-access.ts';
import { documentsOf, findDocument } from '../documents/documents.ts';
import { createUpload, findUpload } from '../documents/uploads.ts';
import { documentRoutesFor } from './document-routes.ts';
import { ApiError } from '../http/errors.ts';
import { nomineeNidPhotoKind, nomineeNidPhotoPaper } from '../schemas/service-request.ts';

export const documentRoutes = documentRoutesFor({
  mount: '/applications',
  viewable: viewableApplication,
  documentsOf,
  findDocument,
  async startUpload(deps, user, id, meta, length) {
    await uploadableApplication(deps, user, id, meta.kind);
    // The one named paper of an application's own: a nominee change's photo of the new nominee's NID (issue 51).
    if (meta.paper !== undefined && (meta.paper !== nomineeNidPhotoPaper || meta.kind !== nomineeNidPhotoKind)) {
      throw new ApiError(400, 'bad_request', `The only paper an application takes is '${nomineeNidPhotoPaper}', of kind '${nomineeNidPhotoKind}'.`);
    }
    return createUpload(deps, user, id, meta, length, null, meta.paper ?? null);
  },
  // Any upload kept under this application; the routes check that this person started it.
  findUpload: (deps, _user, id, uploadId) => findUpload(deps, id, uploadId),
  uploadCacheControl: 'no-store',
});
