/**
 * Real images for the upload tests, made by the same pure-JS libraries the server checks
 * them with (in their encoding direction), plus the hostile ones: a decompression bomb and
 * cut-off files.
 */
import { encode as encodePng } from 'fast-png';
import jpeg from 'jpeg-js';
import { crc32 } from 'node:zlib';
import { GifWriter } from 'omggif';

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

/** A real 1x1 lossless WebP. */
export const webpImage = () => Uint8Array.from(Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64'));

function chunk(type: string, data: Uint8Array): Uint8Array {
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
  const padding = chunk('tEXt', text);
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
