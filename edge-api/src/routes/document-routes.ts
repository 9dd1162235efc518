/**
 * The document routes of one kind of owner, an application (routes/documents.ts) or a claim
 * (routes/claim-documents.ts): the list, one document's bytes, and the resumable upload (tus 1.0
 * core and creation, documents/upload-protocol.ts). The HTTP face is the same for both; what
 * differs is handed in: who may see and send, where the rows are kept, and the mount path (the
 * table's access rows are the mount path with the route: auth/access.ts finds them by it).
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { currentUser } from '../auth/access.ts';
import type { DocumentRow } from '../db/document-rows.ts';
import { toDocumentInfo } from '../documents/documents.ts';
import { headerNumber, offsetContentType, readMetadata, tusHeaders } from '../documents/upload-protocol.ts';
import { appendChunk, finishUpload, type UploadRow } from '../documents/uploads.ts';
import { documentUploadLimit } from '../documents/upload-limit.ts';
import type { AppDeps, AppEnv, SessionUser } from '../http/env.ts';
import { ApiError, forbidden, notFound } from '../http/errors.ts';
import { validate } from '../http/validation.ts';
import { apiPrefix } from '../http/api-prefix.ts';
import type { DocumentUploadMetadata } from '../schemas/document.ts';

const idParam = z.object({ id: z.string().trim().min(1).max(100) });
const documentParam = idParam.extend({ documentId: z.string().trim().min(1).max(100) });
const uploadParam = idParam.extend({ uploadId: z.string().trim().min(1).max(100) });
const privateAnswer = { 'Cache-Control': 'private, no-store' } as const;

/** What one kind of owner decides; `id` is always the owner's id from the path. */
export interface DocumentOwner {
  /** Where app.ts mounts the routes (an upload's Location names it). */
  mount: '/applications' | '/claims';
  /** Throws 404 when there is no such owner, 403 when this user may not see its documents. */
  viewable(deps: AppDeps, user: SessionUser, id: string): Promise<unknown>;
  documentsOf(deps: AppDeps, id: string): Promise<DocumentRow[]>;
  findDocument(deps: AppDeps, id: string, documentId: string): Promise<DocumentRow | undefined>;
  /** Checks this user may send this file to the owner, then creates (or finds again) its upload. */
  startUpload(deps: AppDeps, user: SessionUser, id: string, meta: DocumentUploadMetadata, length: number): Promise<UploadRow>;
  /** The upload under this owner, or undefined; may refuse first as `viewable` does. */
  findUpload(deps: AppDeps, user: SessionUser, id: string, uploadId: string): Promise<UploadRow | undefined>;
  /** The Cache-Control of the tus answers (an application's were `no-store`, a claim's private too). */
  uploadCacheControl: 'no-store' | 'private, no-store';
}

export function documentRoutesFor(owner: DocumentOwner) {
  const { mount } = owner;
  const uploadHeaders = (upload: UploadRow) => ({
    ...tusHeaders,
    'Upload-Offset': String(upload.received),
    'Upload-Length': String(upload.length),
    'Cache-Control': owner.uploadCacheControl,
    ...(upload.document_id ? { 'Document-Id': upload.document_id } : {}),
  });

  /** The upload, when it is this person's (an upload is only ever continued by who started it). */
  async function ownUpload(c: Context<AppEnv>, id: string, uploadId: string): Promise<UploadRow> {
    const user = currentUser(c);
    const upload = await owner.findUpload(c.var.deps, user, id, uploadId);
    if (!upload) throw notFound('Upload');
    if (upload.owner_id !== user.id) throw forbidden('This upload is someone else’s.');
    return upload;
  }

  return new Hono<AppEnv>()
    .get('/:id/documents', validate('param', idParam), async (c) => {
      const { id } = c.req.valid('param');
      await owner.viewable(c.var.deps, currentUser(c), id);
      const rows = await owner.documentsOf(c.var.deps, id);
      return c.json(rows.map(toDocumentInfo), 200, privateAnswer);
    })
    .post('/:id/documents/uploads', validate('param', idParam), documentUploadLimit, async (c) => {
      const { id } = c.req.valid('param');
      const meta = readMetadata(c.req.header('upload-metadata'));
      const length = headerNumber(c.req.header('upload-length'), 'Upload-Length');
      const upload = await owner.startUpload(c.var.deps, currentUser(c), id, meta, length);
      return c.body(null, 201, { ...uploadHeaders(upload), Location: `${apiPrefix}${mount}/${encodeURIComponent(id)}/documents/uploads/${upload.id}` });
    })
    // tus asks the offset with HEAD; Hono answers a HEAD with the GET route, without its body.
    .get('/:id/documents/uploads/:uploadId', validate('param', uploadParam), async (c) => {
      const { id, uploadId } = c.req.valid('param');
      let upload = await ownUpload(c, id, uploadId);
      if (upload.received === upload.length) upload = await finishUpload(c.var.deps, upload);
      return c.json({ offset: upload.received, length: upload.length, documentId: upload.document_id }, 200, uploadHeaders(upload));
    })
    .patch('/:id/documents/uploads/:uploadId', validate('param', uploadParam), async (c) => {
      const { id, uploadId } = c.req.valid('param');
      if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith(offsetContentType)) {
        throw new ApiError(415, 'unsupported_media_type', `Send the bytes as ${offsetContentType}.`);
      }
      const offset = headerNumber(c.req.header('upload-offset'), 'Upload-Offset');
      const upload = await ownUpload(c, id, uploadId);
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      const now = await appendChunk(c.var.deps, upload, offset, bytes);
      return c.body(null, 204, uploadHeaders(now));
    })
    .get('/:id/documents/:documentId', validate('param', documentParam), async (c) => {
      const { id, documentId } = c.req.valid('param');
      await owner.viewable(c.var.deps, currentUser(c), id);
      const row = await owner.findDocument(c.var.deps, id, documentId);
      const stored = row ? await c.var.deps.images.get(row.stored_name) : null;
      if (!row || !stored) throw notFound('Document');
      return c.body(stored.body as ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': row.content_type,
        'Content-Length': String(stored.size),
        'X-Content-Type-Options': 'nosniff',
        ...privateAnswer,
        'Content-Disposition': 'inline',
      });
    });
}
