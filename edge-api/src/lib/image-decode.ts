/**
 * A picture decoded in full, only to learn that it is whole (lib/image-check.ts): a truncated or
 * corrupt file fails here. Pure-JS decoders, so the same code runs on Node and on the Worker:
 * PNG (fast-png, which checks the CRCs and inflates the pixel data), JPEG (jpeg-js), GIF (omggif,
 * every frame) and WebP (libwebp as WebAssembly, lib/webp-decode.ts). The pixels are thrown away.
 * Costly (about 0.4 s for a 4-megapixel PNG on a small server), so Node runs it on a worker
 * thread (lib/image-work.ts); it answers with a verdict, not an error, to cross that boundary.
 */
import { decode as decodePng } from 'fast-png';
import jpeg from 'jpeg-js';
import { GifReader } from 'omggif';
import type { ImageKind } from './image-sniff.ts';
import { decodeWebp } from './webp-decode.ts';

/** Whole; damaged or incomplete; or a GIF whose frames add up to too many pixels. */
export type DecodeVerdict = 'whole' | 'damaged' | 'too-many-pixels';

/** Decodes the picture whose header declared `pixels` (already within `maxPixels`). */
export async function decodeVerdict(bytes: Uint8Array, kind: ImageKind, pixels: number, maxPixels: number): Promise<DecodeVerdict> {
  try {
    return await decodeWhole(bytes, kind, pixels, maxPixels);
  } catch {
    return 'damaged';
  }
}

async function decodeWhole(bytes: Uint8Array, kind: ImageKind, pixels: number, maxPixels: number): Promise<DecodeVerdict> {
  switch (kind.extension) {
    case 'png': {
      const image = decodePng(bytes, { checkCrc: true });
      return image.width * image.height === pixels ? 'whole' : 'damaged';
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
      return 'whole';
    case 'gif': {
      const reader = new GifReader(bytes);
      // Every frame is decoded into one reused buffer; many frames of a big picture are a bomb too.
      if (reader.numFrames() * pixels > 4 * maxPixels) return 'too-many-pixels';
      const buffer = new Uint8Array(reader.width * reader.height * 4);
      for (let frame = 0; frame < reader.numFrames(); frame++) reader.decodeAndBlitFrameRGBA(frame, buffer);
      // The reader stops quietly where a cut-off file ends; a whole GIF ends with its trailer byte.
      return bytes[bytes.length - 1] === 0x3b ? 'whole' : 'damaged';
    }
    case 'webp': {
      // "RIFF", then the little-endian length of everything after these 8 bytes (padded to even).
      const declared = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(4, true);
      if (declared + 8 !== bytes.byteLength) return 'damaged';
      const image = await decodeWebp(bytes);
      return image.width * image.height === pixels ? 'whole' : 'damaged';
    }
  }
}
