/**
 * A document's bytes are checked exactly as every image the product takes (lib/image-sniff.ts,
 * lib/image-check.ts): the type is judged by the bytes, never the name (a text file renamed
 * .jpg is refused), and the picture is decoded whole under the pixel caps. Only the messages are
 * the documents' own.
 */
import type { AppConfig } from '../http/config.ts';
import { ApiError } from '../http/errors.ts';
import { checkImage } from '../lib/image-check.ts';
import { sniffImage, type ImageKind } from '../lib/image-sniff.ts';
import { documentTooLargeMessage, notADocumentImageMessage } from '../schemas/document.ts';

export async function checkDocumentBytes(
  bytes: Uint8Array,
  config: Pick<AppConfig, 'documents' | 'maxImagePixels' | 'maxWebpPixels'>,
): Promise<{ kind: ImageKind; width: number; height: number }> {
  if (bytes.byteLength > config.documents.maxBytes) throw new ApiError(413, 'payload_too_large', documentTooLargeMessage(config.documents.maxBytes));
  const kind = sniffImage(bytes);
  // A GIF is no photo of a paper; the device only ever sends JPEG (or PNG/WebP when it cannot re-encode).
  if (!kind || kind.extension === 'gif') throw new ApiError(415, 'unsupported_media_type', notADocumentImageMessage);
  const size = await checkImage(bytes, kind, config);
  return { kind, ...size };
}
