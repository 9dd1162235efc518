/**
 * The metadata of an uploaded picture removed, without touching its pixels: a photo sent by a
 * client that does not prepare it (the PWA re-encodes every picture, decision 0078) carries where
 * it was taken (EXIF GPS), the camera and its serial number, the time, sometimes a thumbnail of
 * the uncropped original, and those bytes go back to everyone who may see the file.
 * A walk over the file's own segments or chunks, keeping only what the picture needs to show
 * as it should, and dropping everything else, including what is not known here:
 * - JPEG: the image segments, JFIF (APP0), the colour profile (APP2 "ICC_PROFILE") and Adobe's
 *   colour transform (APP14, which a CMYK JPEG needs); not EXIF or XMP (APP1), Photoshop/IPTC
 *   (APP13), other APPn, comments (COM), nor any bytes after the end marker (a phone's second
 *   picture, a depth map: "MPF");
 * - PNG: the chunks that draw the picture (pixels, palette, transparency, colour and gamma, pixel
 *   size, animation); not eXIf, the text chunks (tEXt, zTXt, iTXt), tIME, private chunks;
 * - WebP: the image, alpha, animation and colour profile chunks; not EXIF nor XMP (their flags
 *   in VP8X are cleared);
 * - GIF: the pictures, their control blocks and the looping extension; not comments nor other
 *   application blocks (XMP).
 * EXIF's orientation alone is kept, as a minimal EXIF block (lib/exif-orientation-tag.ts), when
 * it turns the picture. The file was checked whole before (lib/image-check.ts); a layout that
 * does not add up throws, and the caller refuses the file as damaged.
 */
import { orientationOnlyTiff, readOrientation } from './exif-orientation-tag.ts';
import type { ImageKind } from './image-sniff.ts';

export class MalformedImageError extends Error {}

const malformed = (what: string) => new MalformedImageError(`The picture's layout does not add up: ${what}.`);

const ascii = (bytes: Uint8Array, at: number, text: string) => [...text].every((ch, i) => bytes[at + i] === ch.charCodeAt(0));

/** The picture without its metadata; the same array when there was none to remove. */
export function withoutMetadata(bytes: Uint8Array, kind: ImageKind): Uint8Array {
  switch (kind.extension) {
    case 'jpg':
      return jpegWithoutMetadata(bytes);
    case 'png':
      return pngWithoutMetadata(bytes);
    case 'webp':
      return webpWithoutMetadata(bytes);
    case 'gif':
      return gifWithoutMetadata(bytes);
  }
}

/** Joins the kept pieces, or gives the original back when they are all of it. */
function joined(original: Uint8Array, pieces: Uint8Array[]): Uint8Array {
  const length = pieces.reduce((sum, piece) => sum + piece.byteLength, 0);
  if (length === original.byteLength && pieces.every((piece) => piece.buffer === original.buffer)) return original;
  const out = new Uint8Array(length);
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.byteLength;
  }
  return out;
}

// ---- JPEG -------------------------------------------------------------------------------------

const exifHeader = [0x45, 0x78, 0x69, 0x66, 0, 0]; // "Exif\0\0"

/** The APP1 segment of a minimal EXIF holding only this orientation. */
function orientationApp1(orientation: number): Uint8Array {
  const tiff = orientationOnlyTiff(orientation);
  const segment = new Uint8Array(4 + exifHeader.length + tiff.length);
  segment.set([0xff, 0xe1, (segment.length - 2) >> 8, (segment.length - 2) & 0xff]);
  segment.set(exifHeader, 4);
  segment.set(tiff, 4 + exifHeader.length);
  return segment;
}

/** Whether a JPEG segment (its marker, its payload) is kept. */
function keepsJpegSegment(marker: number, payload: Uint8Array): boolean {
  if (marker === 0xe0) return ascii(payload, 0, 'JFIF\0'); // not "JFXX", a thumbnail
  if (marker === 0xe2) return ascii(payload, 0, 'ICC_PROFILE\0');
  if (marker === 0xee) return ascii(payload, 0, 'Adobe');
  if (marker >= 0xe0 && marker <= 0xef) return false;
  return marker !== 0xfe; // COM
}

function jpegWithoutMetadata(bytes: Uint8Array): Uint8Array {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw malformed('no JPEG start');
  const pieces: Uint8Array[] = [bytes.subarray(0, 2)];
  let orientationWritten = false;
  let at = 2;
  for (;;) {
    if (at + 1 >= bytes.length) throw malformed('no JPEG end marker');
    if (bytes[at] !== 0xff) throw malformed(`no marker at byte ${at}`);
    // Any number of 0xFF may pad before a marker.
    while (bytes[at + 1] === 0xff && at + 2 < bytes.length) at += 1;
    const marker = bytes[at + 1]!;
    if (marker === 0xd9) {
      pieces.push(bytes.subarray(at, at + 2)); // EOI; whatever follows is dropped
      return joined(bytes, pieces);
    }
    // Markers without a length: TEM and the restart markers.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      pieces.push(bytes.subarray(at, at + 2));
      at += 2;
      continue;
    }
    if (at + 4 > bytes.length) throw malformed('a segment cut off');
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    const end = at + 2 + length;
    if (length < 2 || end > bytes.length) throw malformed(`a segment of ${length} bytes at byte ${at}`);
    const payload = bytes.subarray(at + 4, end);
    if (marker === 0xe1 && ascii(payload, 0, 'Exif\0\0')) {
      const orientation = readOrientation(payload.subarray(exifHeader.length));
      if (orientation !== 1 && !orientationWritten) pieces.push(orientationApp1(orientation));
      orientationWritten = true;
    } else if (keepsJpegSegment(marker, payload)) {
      pieces.push(bytes.subarray(at, end));
    }
    at = end;
    if (marker !== 0xda) continue;
    // After a scan's header come its entropy-coded bytes, up to the next marker: there a 0xFF is
    // followed by 0x00 (a stuffed byte) or a restart marker, anything else starts a segment.
    let scan = at;
    for (;;) {
      scan = bytes.indexOf(0xff, scan);
      if (scan === -1) throw malformed('a scan without an end');
      const next = bytes[scan + 1];
      if (next === 0x00 || (next !== undefined && next >= 0xd0 && next <= 0xd7)) scan += 2;
      else break;
    }
    pieces.push(bytes.subarray(at, scan));
    at = scan;
  }
}

// ---- PNG --------------------------------------------------------------------------------------

/** What a PNG needs to be drawn as it was (PNG 3rd edition, APNG). */
const pngKeptChunks = new Set([
  'IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'gAMA', 'cHRM', 'sRGB', 'iCCP', 'sBIT', 'cICP', 'mDCV', 'cLLI', 'pHYs', 'bKGD', 'hIST',
  'acTL', 'fcTL', 'fdAT',
]);

const crcTable = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const chunk = new Uint8Array(12 + data.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, data.length);
  chunk.set([...type].map((ch) => ch.charCodeAt(0)), 4);
  chunk.set(data, 8);
  view.setUint32(8 + data.length, crc32(chunk.subarray(4, 8 + data.length)));
  return chunk;
}

function pngWithoutMetadata(bytes: Uint8Array): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const pieces: Uint8Array[] = [bytes.subarray(0, 8)];
  let at = 8;
  for (;;) {
    if (at + 12 > bytes.length) throw malformed('no PNG end chunk');
    const length = view.getUint32(at);
    const end = at + 12 + length;
    if (end > bytes.length) throw malformed(`a chunk of ${length} bytes at byte ${at}`);
    const type = String.fromCharCode(...bytes.subarray(at + 4, at + 8));
    if (type === 'eXIf') {
      const orientation = readOrientation(bytes.subarray(at + 8, at + 8 + length));
      if (orientation !== 1) pieces.push(pngChunk('eXIf', orientationOnlyTiff(orientation)));
    } else if (pngKeptChunks.has(type)) {
      pieces.push(bytes.subarray(at, end));
    }
    at = end;
    if (type === 'IEND') return joined(bytes, pieces);
  }
}

// ---- WebP -------------------------------------------------------------------------------------

const webpKeptChunks = new Set(['VP8X', 'VP8 ', 'VP8L', 'ALPH', 'ANIM', 'ANMF', 'ICCP']);
const vp8xExifFlag = 0x08;
const vp8xXmpFlag = 0x04;

function webpChunk(type: string, data: Uint8Array): Uint8Array {
  const chunk = new Uint8Array(8 + data.length + (data.length & 1));
  chunk.set([...type].map((ch) => ch.charCodeAt(0)), 0);
  new DataView(chunk.buffer).setUint32(4, data.length, true);
  chunk.set(data, 8);
  return chunk;
}

function webpWithoutMetadata(bytes: Uint8Array): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!ascii(bytes, 0, 'RIFF') || !ascii(bytes, 8, 'WEBP')) throw malformed('no RIFF WEBP header');
  const riffEnd = 8 + view.getUint32(4, true);
  if (riffEnd > bytes.length) throw malformed('the RIFF length is past the end');
  const pieces: Uint8Array[] = [];
  let vp8x: Uint8Array | null = null;
  let flags = 0;
  let changed = riffEnd !== bytes.length;
  for (let at = 12; at < riffEnd; ) {
    if (at + 8 > riffEnd) throw malformed('a chunk header cut off');
    const type = String.fromCharCode(...bytes.subarray(at, at + 4));
    const length = view.getUint32(at + 4, true);
    const end = at + 8 + length + (length & 1);
    if (end > riffEnd) throw malformed(`a chunk of ${length} bytes at byte ${at}`);
    if (type === 'EXIF') {
      const orientation = readOrientation(bytes.subarray(at + 8, at + 8 + length));
      if (orientation !== 1) {
        pieces.push(webpChunk('EXIF', orientationOnlyTiff(orientation)));
        flags |= vp8xExifFlag;
      }
      changed = true;
    } else if (webpKeptChunks.has(type)) {
      const chunk = bytes.subarray(at, end);
      if (type === 'VP8X') {
        if (length < 10) throw malformed('a VP8X chunk too short');
        vp8x = chunk.slice();
        pieces.push(vp8x);
      } else {
        pieces.push(chunk);
      }
    } else {
      changed = true;
    }
    at = end;
  }
  if (vp8x) {
    const kept = (vp8x[8]! & ~(vp8xExifFlag | vp8xXmpFlag)) | flags;
    if (kept !== vp8x[8]) changed = true;
    vp8x[8] = kept;
  }
  if (!changed) return bytes;
  const body = joined(new Uint8Array(0), pieces);
  const out = new Uint8Array(12 + body.length);
  out.set(bytes.subarray(0, 12));
  new DataView(out.buffer).setUint32(4, 4 + body.length, true);
  out.set(body, 12);
  return out;
}

// ---- GIF --------------------------------------------------------------------------------------

/** Application extensions a GIF needs: looping (Netscape's and its twin) and a colour profile. */
const gifKeptApplications = ['NETSCAPE2.0', 'ANIMEXTS1.0', 'ICCRGBG1012'];

function gifWithoutMetadata(bytes: Uint8Array): Uint8Array {
  if (bytes.length < 13) throw malformed('a GIF header cut off');
  const pieces: Uint8Array[] = [];
  const colourTable = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
  let at = 13 + colourTable(bytes[10]!);
  pieces.push(bytes.subarray(0, at));
  /** The end of the data sub-blocks starting at `from` (each its length, then that many bytes; 0 ends). */
  const subBlocksEnd = (from: number) => {
    let p = from;
    for (;;) {
      if (p >= bytes.length) throw malformed('GIF data cut off');
      const size = bytes[p]!;
      p += 1 + size;
      if (size === 0) return p;
    }
  };
  for (;;) {
    if (at >= bytes.length) throw malformed('no GIF trailer');
    const introducer = bytes[at];
    if (introducer === 0x3b) {
      pieces.push(bytes.subarray(at, at + 1));
      return joined(bytes, pieces);
    }
    if (introducer === 0x2c) {
      // Image descriptor (10 bytes), its own colour table, the LZW code size, then the data.
      if (at + 10 > bytes.length) throw malformed('a GIF image descriptor cut off');
      const end = subBlocksEnd(at + 10 + colourTable(bytes[at + 9]!) + 1);
      pieces.push(bytes.subarray(at, end));
      at = end;
    } else if (introducer === 0x21) {
      const label = bytes[at + 1];
      const end = subBlocksEnd(at + 2);
      const keep =
        label === 0xf9 || // graphic control: frame delays and transparency
        label === 0x01 || // plain text, drawn as part of the picture
        (label === 0xff && bytes[at + 2] === 11 && gifKeptApplications.some((name) => ascii(bytes, at + 3, name)));
      if (keep) pieces.push(bytes.subarray(at, end));
      at = end;
    } else {
      throw malformed(`an unknown GIF block at byte ${at}`);
    }
  }
}
