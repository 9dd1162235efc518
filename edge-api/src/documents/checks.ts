/**
 * A document's bytes are checked exactly as every image the product takes (lib/image-sniff.ts,
 * lib/image-check.ts): the type is judged by the bytes, never the name (a text file renamed
 * .jpg is refused), the pixel count is capped from the header before anything is decoded, the
 * picture is decoded whole, and it is stored without its metadata (EXIF, GPS, text: the owner,
 * the agent and admins see the paper, not where or with what it was taken).
 * A document's own cap is what the phone sends, with room to spare (`documents.maxPixels`,
 * docs/decisions/0102), far below the 40 MP of other pictures: the decode is most of a
 * document's cost to the server. Only the messages are the documents' own.
 */
import type { AppConfig } from '../http/config.ts';
import { ApiError } from '../http/errors.ts';
import { checkImage } from '../lib/image-check.ts';
import { sniffImage, type ImageKind } from '../lib/image-sniff.ts';
import { documentTooLargeMessage, notADocumentImageMessage } from '../schemas/document.ts';

export interface CheckedDocument {
  kind: ImageKind;
  width: number;
  height: number;
  /** What is stored: the same pixels, without the metadata. */
  bytes: Uint8Array;
}

export async function checkDocumentBytes(
  bytes: Uint8Array,
  config: Pick<AppConfig, 'documents' | 'maxImagePixels' | 'maxWebpPixels'>,
): Promise<CheckedDocument> {
  if (bytes.byteLength > config.documents.maxBytes) throw new ApiError(413, 'payload_too_large', documentTooLargeMessage(config.documents.maxBytes));
  const kind = sniffImage(bytes);
  // A GIF is no photo of a paper; the device only ever sends JPEG (or PNG/WebP when it cannot re-encode).
  if (!kind || kind.extension === 'gif') throw new ApiError(415, 'unsupported_media_type', notADocumentImageMessage);
  const caps = {
    maxImagePixels: Math.min(config.documents.maxPixels, config.maxImagePixels),
    maxWebpPixels: Math.min(config.documents.maxPixels, config.maxWebpPixels),
  };
  const checked = await checkImage(bytes, kind, caps);
  return { kind, ...checked };
}
