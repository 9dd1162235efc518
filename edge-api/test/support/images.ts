/**
 * Real images for the upload tests, made by the same pure-JS libraries the server checks
 * them with (in their encoding direction), plus the hostile ones: a decompression bomb and
 * cut-off files.
 */
import encodeWebp, { init as initWebpEncoder } from '@jsquash/webp/encode.js';
import { encode as encodePng } from 'fast-png';
import jpeg from 'jpeg-js';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { crc32 } from 'node:zlib';
import { GifWriter } from 'omggif';
import { compileWasm } from '../../src/lib/webp-decode.ts';

const noise = (width: number, height: number) => Uint8Array.from({ length: width * height * 4 }, (_, i) => (i * 7919) % 251);

export const pngImage = (width = 32, height = 32) => encodePng({ width, height, data: noise(width, height), channels: 4 });

export const jpegImage = (width = 32, height = 32) =>
  new Uint8Array(jpeg.encode({ width, height, data: Buffer.from(noise(width, height)) }, 80).data);

export function gifImage(width = 32, height = 32): Uint8Array {
  const out = new Uint8Array(width * height * 2 + 2048);
  const palette = Array.from({ length: 256 }, (_, i) => i * 0x010101);
  const writer = new GifWriter(out, width, height, { palette });
  writer.addFrame(0, 0, width, height, Array.from({ length: width * height }, (_, i) => i % 256));
  return out.slice(0, writer.end());
}

await initWebpEncoder(await compileWasm(readFileSync(fileURLToPath(import.meta.resolve('@jsquash/webp/codec/enc/webp_enc.wasm')))));
/** A real lossless WebP (RIFF, then one VP8L chunk), made with libwebp's encoder. */
const webp64 = new Uint8Array(
  await encodeWebp({ data: new Uint8ClampedArray(noise(64, 64)), width: 64, height: 64, colorSpace: 'srgb' } as Parameters<typeof encodeWebp>[0], { lossless: 1 }),
);
export const webpImage = () => webp64.slice();

/** A small lossless WebP whose header declares 16384 x 16384 pixels (the most VP8L can). */
export function webpBomb(): Uint8Array {
  const bytes = webpImage();
  const view = new DataView(bytes.buffer);
  // After "RIFF", size, "WEBP", "VP8L", chunk size and the 0x2f signature: 14 bits width - 1, 14 bits height - 1.
  view.setUint32(21, (view.getUint32(21, true) & 0xf0000000) | 0x0fffffff, true);
  return bytes;
}

/**
 * A cut-off lossless WebP whose RIFF and chunk lengths were rewritten to fit the cut: every
 * header agrees with the file's length, so only decoding the picture finds it incomplete.
 */
export function webpCutWithFixedLengths(): Uint8Array {
  const bytes = cutOff(webpImage());
  const even = bytes.slice(0, bytes.length & ~1);
  const view = new DataView(even.buffer);
  view.setUint32(4, even.length - 8, true);
  view.setUint32(16, even.length - 20, true);
  return even;
}

/** One PNG chunk: length, type, data and the CRC. */
export function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(Buffer.from(type, 'latin1'), 4);
  out.set(data, 8);
  // The CRC covers the type and the data.
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** A valid PNG of exactly `totalBytes`, padded with a text chunk (for the size limit). */
export function pngOfSize(totalBytes: number): Uint8Array {
  const small = pngImage(4, 4);
  const iend = small.length - 12;
  const text = new Uint8Array(totalBytes - small.length - 12).fill(0x61);
  text.set(Buffer.from('Comment\0', 'latin1'));
  const padding = pngChunk('tEXt', text);
  const out = new Uint8Array(totalBytes);
  out.set(small.subarray(0, iend));
  out.set(padding, iend);
  out.set(small.subarray(iend), iend + padding.length);
  return out;
}

/**
 * The bomb of the security review: a small, valid PNG whose header declares 20000 x 20000
 * pixels (the header's CRC is right, so only the pixel count gives it away).
 */
export function pngBomb(width = 20000, height = 20000): Uint8Array {
  const bytes = pngImage(8, 8).slice();
  const view = new DataView(bytes.buffer);
  // Signature (8), IHDR length (4) and type (4); then width and height; the CRC after 13 bytes of data.
  view.setUint32(16, width);
  view.setUint32(20, height);
  view.setUint32(29, crc32(bytes.subarray(12, 29)));
  return bytes;
}

/** The first part of a file, as a failed or stopped transfer leaves it. */
export const cutOff = (bytes: Uint8Array, keep = 0.7) => bytes.slice(0, Math.floor(bytes.length * keep));
