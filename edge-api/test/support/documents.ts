/**
 * The resumable document upload (routes/document-routes.ts) spoken byte for byte, as tus-js-client
 * speaks it, so a test can stop between parts, replay, or send at a wrong offset.
 */
import type { ApiTarget } from './target.ts';
import type { TestUser } from './users.ts';

export interface UploadMeta {
  kind: 'nid-front' | 'nid-back' | 'photo' | 'other' | 'evidence';
  writeId: string;
  fileKey: string;
  /** On a claim: the required paper the photo shows. */
  paper?: string;
}

export const tusMetadata = (meta: UploadMeta) =>
  Object.entries(meta)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

/** Where uploads go: the API under test, or a client that signs its own requests (user null then). */
type Uploads = Pick<ApiTarget, 'fetch'>;

const auth = (user: TestUser | null): Record<string, string> => (user ? { authorization: `Bearer ${user.token}` } : {});

/** POST …/uploads: the answer, and the upload's address when it was made (or found). */
export async function createUpload(api: Uploads, user: TestUser | null, applicationId: string, meta: UploadMeta, length: number, owner = 'applications') {
  const res = await api.fetch(`/api/${owner}/${applicationId}/documents/uploads`, {
    method: 'POST',
    headers: { ...auth(user), 'tus-resumable': '1.0.0', 'upload-length': String(length), 'upload-metadata': tusMetadata(meta) },
  });
  const body = res.status === 201 ? null : ((await res.json().catch(() => null)) as { message?: string } | null);
  return {
    status: res.status,
    location: res.headers.get('location'),
    offset: Number(res.headers.get('upload-offset')),
    cacheControl: res.headers.get('cache-control'),
    message: body?.message,
  };
}

export async function headUpload(api: ApiTarget, user: TestUser | null, location: string) {
  const res = await api.fetch(location, { method: 'HEAD', headers: { ...auth(user), 'tus-resumable': '1.0.0' } });
  return {
    status: res.status,
    offset: Number(res.headers.get('upload-offset')),
    length: Number(res.headers.get('upload-length')),
    documentId: res.headers.get('document-id'),
    cacheControl: res.headers.get('cache-control'),
  };
}

export async function patchUpload(api: Uploads, user: TestUser | null, location: string, offset: number, bytes: Uint8Array) {
  const res = await api.fetch(location, {
    method: 'PATCH',
    headers: { ...auth(user), 'tus-resumable': '1.0.0', 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) },
    body: bytes,
  });
  const body = res.status === 204 ? null : ((await res.json().catch(() => null)) as { message?: string } | null);
  return {
    status: res.status,
    offset: Number(res.headers.get('upload-offset')),
    documentId: res.headers.get('document-id'),
    cacheControl: res.headers.get('cache-control'),
    message: body?.message,
  };
}

/** A whole upload in parts of `chunk` bytes; the last PATCH's answer (a refusal shows there). */
export async function uploadDocument(api: Uploads, user: TestUser | null, applicationId: string, meta: UploadMeta, bytes: Uint8Array, chunk = 64 * 1024, owner = 'applications') {
  const created = await createUpload(api, user, applicationId, meta, bytes.byteLength, owner);
  if (created.status !== 201 || !created.location) return { status: created.status, message: created.message, documentId: null, location: null };
  let offset = created.offset;
  let last: Awaited<ReturnType<typeof patchUpload>> = { status: 204, offset, documentId: null, cacheControl: null, message: undefined };
  while (offset < bytes.byteLength) {
    last = await patchUpload(api, user, created.location, offset, bytes.subarray(offset, offset + chunk));
    if (last.status !== 204) break;
    offset = last.offset;
  }
  return { status: last.status, message: last.message, documentId: last.documentId, location: created.location };
}

/** A photo of a claim's paper (or the agent's evidence) sent to `/api/claims/:id/documents`. */
export const uploadClaimDocument = (api: ApiTarget, user: TestUser, claimId: string, meta: UploadMeta, bytes: Uint8Array) =>
  uploadDocument(api, user, claimId, meta, bytes, 64 * 1024, 'claims');
