/**
 * The resumable upload protocol: tus 1.0.0, its core (HEAD tells the acknowledged offset, PATCH
 * appends at exactly that offset) and its creation extension (POST with Upload-Length and
 * Upload-Metadata), so the device uses the field's standard client, tus-js-client. The server
 * side is these few rules over the image store, not @tus/server: that needs Node's streams and
 * a file or S3 store, and runs on neither D1 nor an R2 binding (docs/decisions/0078).
 */
import { ApiError } from '../http/errors.ts';
import { documentUploadMetadata, type DocumentUploadMetadata } from '../schemas/document.ts';

export const tusVersion = '1.0.0';
/** Sent on every answer of the protocol, as tus asks. */
export const tusHeaders = { 'Tus-Resumable': tusVersion } as const;
export const offsetContentType = 'application/offset+octet-stream';

const bad = (message: string) => new ApiError(400, 'bad_request', message);

/** A non-negative whole number from a header, or a 400 naming it. */
export function headerNumber(value: string | undefined, name: string): number {
  if (value === undefined || !/^\d{1,15}$/.test(value.trim())) throw bad(`The ${name} header must be a whole number.`);
  return Number(value.trim());
}

/** `Upload-Metadata: key base64,key base64` (tus creation), read through the shared schema. */
export function readMetadata(header: string | undefined): DocumentUploadMetadata {
  const pairs: Record<string, string> = {};
  for (const part of (header ?? '').split(',')) {
    const [key, value = ''] = part.trim().split(' ');
    if (!key) continue;
    try {
      pairs[key] = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(atob(value), (ch) => ch.charCodeAt(0)));
    } catch {
      throw bad(`The Upload-Metadata value of ${key} is not base64 text.`);
    }
  }
  const parsed = documentUploadMetadata.safeParse(pairs);
  if (!parsed.success) throw new ApiError(400, 'validation_failed', parsed.error.issues[0]?.message ?? 'The upload metadata is not valid.');
  return parsed.data;
}
