/**
 * An uploaded image is checked before it is stored (docs/security.md): a small file can declare
 * a picture so large that decoding it, on the server or in every browser showing it, takes
 * seconds and runs out of memory (a decompression bomb), and a cut-off file shows as a broken
 * image. So:
 * - the dimensions come from the header (image-size) and are capped BEFORE any decoding, so a
 *   bomb is refused at once without inflating a byte of it;
 * - then the picture is decoded whole (lib/image-decode.ts: a truncated or corrupt file fails
 *   there) and its metadata removed (lib/image-metadata.ts: EXIF, GPS, text), as one task that
 *   the Node server runs on a worker thread (lib/image-work.ts, docs/decisions/0102).
 * A WebP has its own cap (`maxWebpPixels`): libwebp holds the decoded picture in its wasm memory
 * and hands back a copy, twice a PNG's peak, which on a Worker's 128 MB needs a lower cap.
 */
import { imageSize } from 'image-size';
import { ApiError } from '../http/errors.ts';
import type { ImageKind } from './image-sniff.ts';
import { runImageWork } from './image-work.ts';

export const damagedImageMessage = 'This image file is damaged or incomplete. Please choose another image.';
export const tooManyPixelsMessage = (maxPixels: number) =>
  `This image is too large: at most ${Math.floor(maxPixels / 1_000_000)} megapixels (width x height).`;

const damaged = () => new ApiError(415, 'unsupported_media_type', damagedImageMessage);
const tooManyPixels = (maxPixels: number) => new ApiError(413, 'payload_too_large', tooManyPixelsMessage(maxPixels));

export interface PixelCaps {
  maxImagePixels: number;
  maxWebpPixels: number;
}

export interface CheckedImage {
  width: number;
  height: number;
  /** The picture as it is stored: the same pixels, without its metadata. */
  bytes: Uint8Array;
}

/** The dimensions from the header alone; throws 413 past the cap, 415 when there is no header. */
export function checkImageHeader(bytes: Uint8Array, maxPixels: number): { width: number; height: number } {
  let size: { width: number; height: number };
  try {
    size = imageSize(bytes);
  } catch {
    throw damaged();
  }
  const { width, height } = size;
  if (!(width > 0 && height > 0)) throw damaged();
  if (width * height > maxPixels) throw tooManyPixels(maxPixels);
  return { width, height };
}

/** Throws 413 (too many pixels) or 415 (damaged or incomplete); returns the dimensions and the bytes to store. */
export async function checkImage(bytes: Uint8Array, kind: ImageKind, caps: PixelCaps): Promise<CheckedImage> {
  const maxPixels = kind.extension === 'webp' ? Math.min(caps.maxWebpPixels, caps.maxImagePixels) : caps.maxImagePixels;
  const { width, height } = checkImageHeader(bytes, maxPixels);
  const outcome = await runImageWork({ bytes, kind, pixels: width * height, maxPixels });
  if (outcome.verdict !== 'whole') throw outcome.verdict === 'too-many-pixels' ? tooManyPixels(maxPixels) : damaged();
  return { width, height, bytes: outcome.bytes };
}
