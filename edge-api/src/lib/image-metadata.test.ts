import exifr from 'exifr';
import { decode as decodePng } from 'fast-png';
import jpeg from 'jpeg-js';
import { GifReader } from 'omggif';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { jpegImage, pngImage, webpImage } from '../../test/support/images.ts';
import {
  cameraJpeg,
  cameraModel,
  exifBlock,
  gifWithMetadata,
  jpegMarkers,
  pngChunkTypes,
  pngWithMetadata,
  webpChunks,
  webpWithMetadata,
} from '../../test/support/metadata-images.ts';
import { orientationOnlyTiff, readOrientation } from './exif-orientation-tag.ts';
import { MalformedImageError, withoutMetadata } from './image-metadata.ts';
import { sniffImage } from './image-sniff.ts';
import { compileWasm, decodeWebpPixels, useWebpDecoder } from './webp-decode.ts';

const clean = (bytes: Uint8Array) => withoutMetadata(bytes, sniffImage(bytes)!);
const ascii = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');
/** What exifr finds of EXIF (with GPS), XMP and IPTC; JFIF's resolution is no one's secret. */
const metadataOf = (bytes: Uint8Array) =>
  exifr.parse(bytes, { tiff: true, exif: true, gps: true, interop: true, ifd1: true, xmp: true, iptc: true, jfif: false, ihdr: false, icc: false });
const jpegPixels = (bytes: Uint8Array) => jpeg.decode(bytes, { useTArray: true, tolerantDecoding: false });

beforeAll(async () => {
  useWebpDecoder(await compileWasm(readFileSync(fileURLToPath(import.meta.resolve('@jsquash/webp/codec/dec/webp_dec.wasm')))));
});

describe('the EXIF orientation tag', () => {
  it('is read from a camera EXIF block and from the minimal one, either byte order', () => {
    expect(readOrientation(exifBlock(6).subarray(6))).toBe(6);
    expect(readOrientation(orientationOnlyTiff(8))).toBe(8);
    // The same minimal block, little-endian.
    const little = new Uint8Array([0x49, 0x49, 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0]);
    expect(readOrientation(little)).toBe(3);
  });

  it('is 1 for a block without one, a cut-off block or an impossible value', () => {
    expect(readOrientation(exifBlock(1).subarray(6))).toBe(1);
    expect(readOrientation(orientationOnlyTiff(6).subarray(0, 14))).toBe(1);
    expect(readOrientation(orientationOnlyTiff(9))).toBe(1);
    expect(readOrientation(new TextEncoder().encode('not a TIFF at all'))).toBe(1);
  });
});

describe('metadata removed from a JPEG', () => {
  it('keeps no EXIF, XMP, IPTC, comment or trailing picture, and the same pixels', async () => {
    const sent = cameraJpeg(120, 80);
    expect((await metadataOf(sent)) as Record<string, unknown>).toMatchObject({ Model: cameraModel, latitude: expect.any(Number) });
    const kept = clean(sent);
    expect(jpegMarkers(kept).filter((marker) => marker >= 0xe1 && marker <= 0xef)).toEqual([]);
    expect(jpegMarkers(kept)).not.toContain(0xfe);
    expect(await metadataOf(kept)).toBeUndefined();
    for (const text of ['Exif', 'http://ns.adobe.com', 'Photoshop', 'Dhanmondi', 'Pixel']) expect(ascii(kept)).not.toContain(text);
    // Ends at its own end marker: the second picture is gone.
    expect([...kept.subarray(-2)]).toEqual([0xff, 0xd9]);
    const before = jpegPixels(sent);
    const after = jpegPixels(kept);
    expect([after.width, after.height]).toEqual([120, 80]);
    expect(Buffer.from(after.data).equals(Buffer.from(before.data))).toBe(true);
  });

  it('keeps only the orientation of a photo taken upright, so it still shows upright', async () => {
    const kept = clean(cameraJpeg(120, 80, 6));
    expect(await exifr.orientation(kept)).toBe(6);
    expect(await exifr.gps(kept)).toBeUndefined();
    expect(await metadataOf(kept)).toEqual({ Orientation: expect.anything() });
    expect(jpegMarkers(kept).filter((marker) => marker === 0xe1)).toHaveLength(1);
  });

  it('gives a clean JPEG back as it was', () => {
    const plain = jpegImage(40, 30);
    expect(clean(plain)).toBe(plain);
  });

  it('refuses a JPEG whose segments run past its end, or that has no end', () => {
    const plain = jpegImage(40, 30);
    expect(() => clean(plain.subarray(0, 30))).toThrow(MalformedImageError);
    expect(() => clean(plain.subarray(0, plain.length - 2))).toThrow(MalformedImageError);
  });
});

describe('metadata removed from a PNG', () => {
  it('keeps no eXIf, text or time chunk, and the same pixels', () => {
    const sent = pngWithMetadata(48, 32);
    expect(pngChunkTypes(sent)).toEqual(expect.arrayContaining(['eXIf', 'tEXt', 'zTXt', 'iTXt', 'tIME']));
    const kept = clean(sent);
    expect(pngChunkTypes(kept)).toEqual(['IHDR', 'IDAT', 'IEND']);
    const before = decodePng(sent, { checkCrc: true });
    const after = decodePng(kept, { checkCrc: true });
    expect([after.width, after.height]).toEqual([48, 32]);
    expect(Buffer.from(after.data as Uint8Array).equals(Buffer.from(before.data as Uint8Array))).toBe(true);
  });

  it('keeps a turned picture turned: an eXIf chunk with the orientation alone, its CRC right', () => {
    const kept = clean(pngWithMetadata(48, 32, 8));
    expect(pngChunkTypes(kept)).toEqual(['IHDR', 'eXIf', 'IDAT', 'IEND']);
    expect(() => decodePng(kept, { checkCrc: true })).not.toThrow();
    const at = kept.indexOf(0x65, 33); // 'e' of eXIf
    expect(readOrientation(kept.subarray(at + 4, at + 4 + 26))).toBe(8);
  });

  it('gives a clean PNG back as it was, and refuses one without its end', () => {
    const plain = pngImage(8, 8);
    expect(clean(plain)).toBe(plain);
    expect(() => clean(plain.subarray(0, plain.length - 12))).toThrow(MalformedImageError);
  });
});

describe('metadata removed from a WebP', () => {
  it('keeps no EXIF or XMP chunk, clears their flags, and still decodes to the same pixels', async () => {
    const sent = webpWithMetadata();
    const kept = clean(sent);
    expect(webpChunks(kept)).toEqual([{ type: 'VP8X', flags: 0 }, { type: 'VP8L' }]);
    expect(new DataView(kept.buffer, kept.byteOffset).getUint32(4, true)).toBe(kept.length - 8);
    const before = await decodeWebpPixels(sent);
    const after = await decodeWebpPixels(kept);
    expect([after.width, after.height]).toEqual([64, 64]);
    expect(Buffer.from(after.data).equals(Buffer.from(before.data))).toBe(true);
  });

  it('keeps the orientation alone, flagged', () => {
    const kept = clean(webpWithMetadata(3));
    expect(webpChunks(kept)).toEqual([{ type: 'VP8X', flags: 0x08 }, { type: 'VP8L' }, { type: 'EXIF' }]);
    expect(ascii(kept)).not.toContain(cameraModel);
  });

  it('gives a simple WebP back as it was', () => {
    const plain = webpImage();
    expect(clean(plain)).toBe(plain);
  });
});

describe('metadata removed from a GIF', () => {
  it('keeps its looping block and pictures, not its comment or XMP', () => {
    const sent = gifWithMetadata();
    const kept = clean(sent);
    expect(ascii(kept)).toContain('NETSCAPE2.0');
    expect(ascii(kept)).not.toContain('Dhanmondi');
    expect(ascii(kept)).not.toContain('XMP Data');
    const reader = new GifReader(kept);
    expect([reader.width, reader.height, reader.numFrames()]).toEqual([16, 16, 1]);
    const pixels = new Uint8Array(16 * 16 * 4);
    reader.decodeAndBlitFrameRGBA(0, pixels);
    const original = new Uint8Array(16 * 16 * 4);
    new GifReader(sent).decodeAndBlitFrameRGBA(0, original);
    expect(Buffer.from(pixels).equals(Buffer.from(original))).toBe(true);
  });
});
