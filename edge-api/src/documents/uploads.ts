/**
 * Resumable uploads of documents, over the image store: each acknowledged PATCH is one part
 * (documents/upload-parts.ts) and the row's `received` moves forward only by a conditional
 * UPDATE from the offset the part was written at, so two sends of the same bytes (a reply lost
 * on 2G) can never count twice, and sends racing at one offset never write over each other. When the last byte arrives the parts are joined, checked as
 * every image the product takes (documents/checks.ts), stored under the document's own name,
 * and the document row is written: once per (application, write, file key), however often the
 * device replays.
 */
import { sql } from 'kysely';
import type { DocumentUploadRow } from '../db/document-rows.ts';
import type { AppDeps, SessionUser } from '../http/env.ts';
import { ApiError, conflict } from '../http/errors.ts';
import { newId } from '../lib/ids.ts';
import {
  documentCountMessage,
  documentQuotaMessage,
  documentsPerKind,
  documentTooLargeMessage,
  type DocumentUploadMetadata,
} from '../schemas/document.ts';
import { removeAbandonedUploads } from './abandoned-uploads.ts';
import { removeDocumentLeftovers } from './leftovers.ts';
import { checkDocumentBytes } from './checks.ts';
import { acceptPart, forgetParts, joinParts, rewindUpload, writePart } from './upload-parts.ts';

type Deps = Pick<AppDeps, 'db' | 'batch' | 'clock' | 'config' | 'images'>;
export type UploadRow = Omit<DocumentUploadRow, 'received'> & { received: number };

function findByKey(deps: Deps, applicationId: string, meta: DocumentUploadMetadata): Promise<UploadRow | undefined> {
  return deps.db
    .selectFrom('document_uploads')
    .selectAll()
    .where('application_id', '=', applicationId)
    .where('write_id', '=', meta.writeId)
    .where('client_key', '=', meta.fileKey)
    .executeTakeFirst();
}

export function findUpload(deps: Pick<AppDeps, 'db'>, applicationId: string, uploadId: string): Promise<UploadRow | undefined> {
  return deps.db.selectFrom('document_uploads').selectAll().where('id', '=', uploadId).where('application_id', '=', applicationId).executeTakeFirst();
}

/** An upload the server refused keeps its answer: a replay is told the same, never accepted. */
export function assertNotRefused(upload: UploadRow): void {
  if (upload.refusal !== null) {
    throw new ApiError((upload.refusal_status ?? 415) as 413 | 415, upload.refusal_status === 413 ? 'payload_too_large' : 'unsupported_media_type', upload.refusal);
  }
}

/**
 * Creates the upload of one file, or finds the one this write's file already has (a replay).
 * The person's quota and the application's count per kind are checked in the insert itself,
 * counting the uploads still under way, so parallel uploads cannot pass them together.
 */
export async function createUpload(
  deps: Deps,
  user: SessionUser,
  applicationId: string,
  meta: DocumentUploadMetadata,
  length: number,
  /** A claim's document (migration 0225): counted per claim, not with the application's own. */
  claim: { id: string; paper: string | null } | null = null,
  /**
   * A named paper of a write on the application itself (a nominee change's photo of the new
   * nominee's NID, migration 0311): one per write, not counted with the application's own papers.
   */
  writePaper: string | null = null,
): Promise<UploadRow> {
  const { maxBytes, quotaBytes } = deps.config.documents;
  const existing = await findByKey(deps, applicationId, meta);
  if (existing) return sameSender(user, existing);
  if (length === 0) throw new ApiError(400, 'bad_request', 'This document is empty.');
  if (length > maxBytes) throw new ApiError(413, 'payload_too_large', documentTooLargeMessage(maxBytes));
  // Abandoned uploads give their space back before it is counted; deleted documents their bytes.
  await removeAbandonedUploads(deps);
  await removeDocumentLeftovers(deps);
  const id = newId();
  const now = deps.clock().toISOString();
  const open = sql`document_id is null and refusal is null`;
  const claimId = claim?.id ?? null;
  const paper = claim?.paper ?? writePaper;
  // Which documents the count per kind is of: the claim's; one write's named paper; else the application's own.
  const counted = claim ? sql`claim_id = ${claimId}` : writePaper ? sql`claim_id is null and paper = ${writePaper} and write_id = ${meta.writeId}` : sql`claim_id is null and paper is null`;
  const most = writePaper ? 1 : documentsPerKind[meta.kind];
  const [result] = await deps.batch([
    sql`insert into document_uploads (id, application_id, owner_id, kind, write_id, client_key, note, length, received, created_at, updated_at, claim_id, paper)
        select ${id}, ${applicationId}, ${user.id}, ${meta.kind}, ${meta.writeId}, ${meta.fileKey}, ${meta.kind === 'evidence' ? (meta.note || null) : null}, ${length}, 0, ${now}, ${now},
               ${claimId}, ${paper}
        where (select coalesce(sum(byte_size), 0) from documents where owner_id = ${user.id})
            + (select coalesce(sum(length), 0) from document_uploads where owner_id = ${user.id} and ${open}) + ${length} <= ${quotaBytes}
          and (select count(*) from documents where application_id = ${applicationId} and ${counted} and kind = ${meta.kind})
            + (select count(*) from document_uploads where application_id = ${applicationId} and ${counted} and kind = ${meta.kind} and ${open}) < ${most}
        on conflict (application_id, write_id, client_key) do nothing`.compile(deps.db),
  ]);
  if (result?.changes) return (await findUpload(deps, applicationId, id))!;
  // A twin of this request won the race, or a limit said no: tell which.
  const twin = await findByKey(deps, applicationId, meta);
  if (twin) return sameSender(user, twin);
  const used = await deps.db
    .selectFrom('documents')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('byte_size'), sql<number>`0`).as('bytes'))
    .where('owner_id', '=', user.id)
    .executeTakeFirst();
  const underWay = await deps.db
    .selectFrom('document_uploads')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('length'), sql<number>`0`).as('bytes'))
    .where('owner_id', '=', user.id)
    .where('document_id', 'is', null)
    .where('refusal', 'is', null)
    .executeTakeFirst();
  if (Number(used?.bytes ?? 0) + Number(underWay?.bytes ?? 0) + length > quotaBytes) {
    throw new ApiError(413, 'payload_too_large', documentQuotaMessage(quotaBytes));
  }
  throw conflict(documentCountMessage(meta.kind));
}

function sameSender(user: SessionUser, upload: UploadRow): UploadRow {
  if (upload.owner_id !== user.id) throw conflict('Another person already sent this document.');
  assertNotRefused(upload);
  return upload;
}

/**
 * Appends bytes at `offset`, which must be exactly what the server acknowledged (409 otherwise,
 * and the device asks again with HEAD). Returns the upload as it now is, finished if complete.
 */
export async function appendChunk(deps: Deps, upload: UploadRow, offset: number, bytes: Uint8Array): Promise<UploadRow> {
  assertNotRefused(upload);
  if (offset !== upload.received) throw conflict(`The upload is at byte ${upload.received}, not ${offset}.`, { offset: upload.received });
  if (offset + bytes.byteLength > upload.length) throw new ApiError(400, 'bad_request', 'More bytes were sent than the upload declared.');
  if (bytes.byteLength === 0) return upload;
  const received = offset + bytes.byteLength;
  const part = await writePart(deps, upload, offset, bytes);
  if (!(await acceptPart(deps, upload, part, offset, received))) {
    // Another send at this offset got there first (its bytes are the ones kept; these are removed).
    const now = await findUpload(deps, upload.application_id, upload.id);
    throw conflict(`The upload is at byte ${now?.received ?? 0}, not ${offset}.`, { offset: now?.received ?? 0 });
  }
  const next = { ...upload, received };
  return received === upload.length ? finishUpload(deps, next) : next;
}

/**
 * Joins the parts of a complete upload, checks the bytes and records the document. Also run by
 * HEAD for an upload whose last PATCH was acknowledged but whose server stopped before this.
 */
export async function finishUpload(deps: Deps, upload: UploadRow): Promise<UploadRow> {
  if (upload.document_id !== null) return upload;
  assertNotRefused(upload);
  const joined = await joinParts(deps, upload);
  if (!joined.complete) return afterMissingPart(deps, upload, joined.missingAt);
  const { bytes, names: parts } = joined;
  let checked: Awaited<ReturnType<typeof checkDocumentBytes>>;
  try {
    checked = await checkDocumentBytes(bytes, deps.config);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    await deps.db
      .updateTable('document_uploads')
      .set({ refusal_status: err.status, refusal: err.message, updated_at: deps.clock().toISOString() })
      .where('id', '=', upload.id)
      .execute();
    await forgetParts(deps, parts);
    throw err;
  }
  const documentId = newId();
  const storedName = `${documentId}.${checked.kind.extension}`;
  // Stored as checked: the same pixels without their metadata (EXIF, GPS; documents/checks.ts).
  await deps.images.put(storedName, checked.bytes, checked.kind.contentType);
  const now = deps.clock().toISOString();
  const key = sql`application_id = ${upload.application_id} and write_id = ${upload.write_id} and client_key = ${upload.client_key}`;
  await deps.batch([
    sql`insert into documents (id, application_id, owner_id, kind, write_id, client_key, note, stored_name, content_type, byte_size, width, height, created_at, claim_id, paper)
        values (${documentId}, ${upload.application_id}, ${upload.owner_id}, ${upload.kind}, ${upload.write_id}, ${upload.client_key}, ${upload.note}, ${storedName},
                ${checked.kind.contentType}, ${checked.bytes.byteLength}, ${checked.width}, ${checked.height}, ${now}, ${upload.claim_id}, ${upload.paper})
        on conflict (application_id, write_id, client_key) do nothing`.compile(deps.db),
    sql`update document_uploads set document_id = (select id from documents where ${key}), updated_at = ${now} where id = ${upload.id}`.compile(deps.db),
  ]);
  const finished = (await findUpload(deps, upload.application_id, upload.id))!;
  // Finished twice at once (a HEAD and the last PATCH): the other copy of the bytes is the one kept.
  if (finished.document_id !== documentId) await deps.images.delete(storedName);
  await forgetParts(deps, parts);
  return finished;
}

/**
 * A part of a complete upload is not in the store. Finished or refused meanwhile (by a HEAD and
 * the last PATCH at once: the other one removed the parts), that is the answer; otherwise the
 * upload goes back to the missing part's offset and the device sends from there again.
 */
async function afterMissingPart(deps: Deps, upload: UploadRow, missingAt: number): Promise<UploadRow> {
  await rewindUpload(deps, upload, missingAt);
  const now = (await findUpload(deps, upload.application_id, upload.id))!;
  assertNotRefused(now);
  return now;
}
