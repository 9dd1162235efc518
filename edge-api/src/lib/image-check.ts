/**
 * An uploaded image is decoded far enough to know its size and that it is whole, before it
 * is stored (docs/security.md): a small file can declare a picture so large that every browser
 * showing it runs out of memory (a decompression bomb), and a cut-off file shows as a broken
 * image. Only pure-JS parsers, so the same check runs on Node and on the Worker:
 * - the dimensions come from the header (image-size) and are capped BEFORE any decoding, so a
 *   bomb is refused without inflating a byte of it;
 * - PNG (fast-png, which checks the CRCs and inflates the pixel data), JPEG (jpeg-js), GIF
 *   (omggif, every frame) and WebP (libwebp as WebAssembly, lib/webp-decode.ts) are then decoded
 *   in full: a truncated or corrupt file fails there.
 * A WebP has its own cap (`maxWebpPixels`): libwebp holds the decoded picture in its wasm memory
 * and hands back a copy, twice a PNG's peak, which on a Worker's 128 MB needs a lower cap.
 */
import { decode as decodePng } from 'fast-png';
import { imageSize } from 'image-size';
import jpeg from 'jpeg-js';
import { GifReader } from 'omggif';
import { ApiError } from '../http/errors.ts';
import type { ImageKind } from './image-sniff.ts';
import { decodeWebp } from './webp-decode.ts';

export const damagedImageMessage = 'This image file is damaged or incomplete. Please choose another image.';
export const tooManyPixelsMessage = (maxPixels: number) =>
  `This image is too large: at most ${Math.floor(maxPixels / 1_000_000)} megapixels (width x height).`;

const damaged = () => new ApiError(415, 'unsupported_media_type', damagedImageMessage);

export interface PixelCaps {
  maxImagePixels: number;
  maxWebpPixels: number;
}

/** Throws 413 (too many pixels) or 415 (damaged or incomplete); returns the dimensions. */
export async function checkImage(bytes: Uint8Array, kind: ImageKind, caps: PixelCaps): Promise<{ width: number; height: number }> {
  const maxPixels = kind.extension === 'webp' ? Math.min(caps.maxWebpPixels, caps.maxImagePixels) : caps.maxImagePixels;
  let size: { width: number; height: number };
  try {
    size = imageSize(bytes);
  } catch {
    throw damaged();
  }
  const { width, height } = size;
  if (!(width > 0 && height > 0)) throw damaged();
  if (width * height > maxPixels) throw new ApiError(413, 'payload_too_large', tooManyPixelsMessage(maxPixels));
  try {
    await decodeWhole(bytes, kind, width * height, maxPixels);
  } catch (err) {
    if (err instanceof ApiError) throw err;
    throw damaged();
  }
  return { width, height };
}

async function decodeWhole(bytes: Uint8Array, kind: ImageKind, pixels: number, maxPixels: number): Promise<void> {
  switch (kind.extension) {
    case 'png': {
      const image = decodePng(bytes, { checkCrc: true });
      if (image.width * image.height !== pixels) throw damaged();
      return;
    }
    case 'jpg':
      jpeg.decode(bytes, {
        useTArray: true,
        formatAsRGBA: false,
        tolerantDecoding: false,
        maxResolutionInMP: maxPixels / 1_000_000,
        // Room for the decoded picture (3 bytes a pixel) and the decoder's own tables.
        maxMemoryUsageInMB: Math.ceil((pixels * 4) / 1_048_576) + 64,
      });
      return;
    case 'gif': {
      const reader = new GifReader(bytes);
      // Every frame is decoded into one reused buffer; many frames of a big picture are a bomb too.
      if (reader.numFrames() * pixels > 4 * maxPixels) throw new ApiError(413, 'payload_too_large', tooManyPixelsMessage(maxPixels));
      const buffer = new Uint8Array(reader.width * reader.height * 4);
      for (let frame = 0; frame < reader.numFrames(); frame++) reader.decodeAndBlitFrameRGBA(frame, buffer);
      // The reader stops quietly where a cut-off file ends; a whole GIF ends with its trailer byte.
      if (bytes[bytes.length - 1] !== 0x3b) throw damaged();
      return;
    }
    case 'webp': {
      // "RIFF", then the little-endian length of everything after these 8 bytes (padded to even).
      const declared = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(4, true);
      if (declared + 8 !== bytes.byteLength) throw damaged();
      const image = await decodeWebp(bytes);
      if (image.width * image.height !== pixels) throw damaged();
      return;
    }
  }
}
