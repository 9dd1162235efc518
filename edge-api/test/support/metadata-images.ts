/**
 * Pictures as a camera or an editor leaves them, with what the server must remove (decision
 * 0102): EXIF with a GPS position and the camera (made with piexifjs), XMP, Photoshop/IPTC,
 * comments, a second picture after a JPEG's end, PNG text and eXIf chunks, WebP EXIF and XMP
 * chunks, GIF comments and XMP; and the 38 KB PNG of almost 40 megapixels of issue 47.
 */
import piexif from 'piexifjs';
import { deflateSync } from 'node:zlib';
import { gifImage, jpegImage, pngChunk, pngImage, webpImage } from './images.ts';

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');
const fromLatin1 = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

/** The camera, where and when: what must not come back. */
export const cameraModel = 'Pixel 7 Pro';
export const cameraMake = 'Google';

/** An EXIF block ("Exif\0\0" then TIFF) with a GPS position in Dhaka, the camera, and the orientation. */
export function exifBlock(orientation = 1): Uint8Array {
  const exif = {
    '0th': { [piexif.ImageIFD.Make]: cameraMake, [piexif.ImageIFD.Model]: cameraModel, [piexif.ImageIFD.Orientation]: orientation },
    Exif: { [piexif.ExifIFD.DateTimeOriginal]: '2026:03:01 10:20:30', [piexif.ExifIFD.BodySerialNumber]: 'SN-0123456789' },
    GPS: {
      [piexif.GPSIFD.GPSLatitudeRef]: 'N',
      [piexif.GPSIFD.GPSLatitude]: piexif.GPSHelper.degToDmsRational(23.8103),
      [piexif.GPSIFD.GPSLongitudeRef]: 'E',
      [piexif.GPSIFD.GPSLongitude]: piexif.GPSHelper.degToDmsRational(90.4125),
    },
  };
  return fromLatin1(piexif.dump(exif));
}

function jpegSegment(marker: number, payload: Uint8Array): Uint8Array {
  const head = new Uint8Array([0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]);
  return concat(head, payload);
}

const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="23,48.618N"/></rdf:RDF></x:xmpmeta>`;

/**
 * A JPEG as a phone's camera app leaves it: EXIF (GPS, camera, serial, time, orientation), XMP,
 * Photoshop/IPTC (APP13), a comment, and a second picture after the end marker (MPF).
 */
export function cameraJpeg(width = 120, height = 80, orientation = 1): Uint8Array {
  const plain = jpegImage(width, height);
  const withExif = fromLatin1(piexif.insert(latin1(exifBlock(orientation)), latin1(plain)));
  // After SOI and the segments piexif placed (APP0/APP1): the other metadata segments.
  const extra = concat(
    jpegSegment(0xe1, fromLatin1(`http://ns.adobe.com/xap/1.0/\0${xmp}`)),
    jpegSegment(0xed, fromLatin1('Photoshop 3.0\x008BIM\x04\x04\0\0\0\0\0\x10\x1c\x02\x5a\0\x05Dhaka')),
    jpegSegment(0xfe, fromLatin1('Taken at 12 Road 5, Dhanmondi')),
  );
  const insertAt = afterAppSegments(withExif);
  return concat(withExif.subarray(0, insertAt), extra, withExif.subarray(insertAt), jpegImage(16, 16));
}

/** Where a JPEG's leading APPn segments end. */
function afterAppSegments(jpeg: Uint8Array): number {
  let at = 2;
  while (jpeg[at] === 0xff && jpeg[at + 1]! >= 0xe0 && jpeg[at + 1]! <= 0xef) at += 2 + ((jpeg[at + 2]! << 8) | jpeg[at + 3]!);
  return at;
}

/** The markers of a JPEG's segments up to its first scan (e.g. 0xe0 for APP0). */
export function jpegMarkers(jpeg: Uint8Array): number[] {
  const markers: number[] = [];
  let at = 2;
  while (at + 4 <= jpeg.length && jpeg[at] === 0xff) {
    const marker = jpeg[at + 1]!;
    markers.push(marker);
    if (marker === 0xda) break;
    at += 2 + ((jpeg[at + 2]! << 8) | jpeg[at + 3]!);
  }
  return markers;
}

/** The chunk types of a PNG, in order. */
export function pngChunkTypes(png: Uint8Array): string[] {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const types: string[] = [];
  for (let at = 8; at + 12 <= png.length; at += 12 + view.getUint32(at)) types.push(Buffer.from(png.subarray(at + 4, at + 8)).toString('latin1'));
  return types;
}

/** A PNG with eXIf (GPS, camera), tEXt, zTXt, iTXt and tIME chunks before its pixels. */
export function pngWithMetadata(width = 48, height = 32, orientation = 1): Uint8Array {
  const plain = pngImage(width, height);
  const ihdrEnd = 8 + 25;
  const metadata = concat(
    pngChunk('eXIf', exifBlock(orientation).subarray(6)),
    pngChunk('tEXt', fromLatin1('Author\0Rahim Uddin')),
    pngChunk('zTXt', concat(fromLatin1('Location\0\0'), new Uint8Array(deflateSync(Buffer.from('23.8103 N, 90.4125 E'))))),
    pngChunk('iTXt', fromLatin1(`XML:com.adobe.xmp\0\0\0\0\0${xmp}`)),
    pngChunk('tIME', new Uint8Array([0x07, 0xea, 3, 1, 10, 20, 30])),
  );
  return concat(plain.subarray(0, ihdrEnd), metadata, plain.subarray(ihdrEnd));
}

function webpChunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(8 + data.length + (data.length & 1));
  out.set(Buffer.from(type, 'latin1'));
  new DataView(out.buffer).setUint32(4, data.length, true);
  out.set(data, 8);
  return out;
}

/** The chunks of a WebP (type and, for VP8X, its flags byte). */
export function webpChunks(webp: Uint8Array): { type: string; flags?: number }[] {
  const view = new DataView(webp.buffer, webp.byteOffset, webp.byteLength);
  const chunks: { type: string; flags?: number }[] = [];
  for (let at = 12; at + 8 <= webp.length; ) {
    const type = Buffer.from(webp.subarray(at, at + 4)).toString('latin1');
    const length = view.getUint32(at + 4, true);
    chunks.push(type === 'VP8X' ? { type, flags: webp[at + 8]! } : { type });
    at += 8 + length + (length & 1);
  }
  return chunks;
}

/** The 64 x 64 lossless WebP in the extended layout (VP8X) with EXIF (GPS, camera) and XMP chunks. */
export function webpWithMetadata(orientation = 1): Uint8Array {
  const simple = webpImage();
  const image = simple.subarray(12); // the VP8L chunk
  const vp8x = new Uint8Array(10);
  vp8x[0] = 0x08 | 0x04; // EXIF and XMP present
  const size = (value: number, at: number) => vp8x.set([value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff], at);
  size(64 - 1, 4);
  size(64 - 1, 7);
  const body = concat(fromLatin1('WEBP'), webpChunk('VP8X', vp8x), image, webpChunk('EXIF', exifBlock(orientation).subarray(6)), webpChunk('XMP ', fromLatin1(xmp)));
  const head = new Uint8Array(8);
  head.set(fromLatin1('RIFF'));
  new DataView(head.buffer).setUint32(4, body.length, true);
  return concat(head, body);
}

/** A GIF with a comment and an XMP application block beside its looping block. */
export function gifWithMetadata(): Uint8Array {
  const plain = gifImage(16, 16);
  // Header (6), screen descriptor (7) and its 256-colour table (768).
  const at = 13 + 768;
  const subBlocks = (bytes: Uint8Array) => concat(new Uint8Array([bytes.length]), bytes, new Uint8Array([0]));
  const comment = concat(new Uint8Array([0x21, 0xfe]), subBlocks(fromLatin1('Taken at Dhanmondi')));
  const looping = concat(new Uint8Array([0x21, 0xff, 11]), fromLatin1('NETSCAPE2.0'), new Uint8Array([3, 1, 0, 0, 0]));
  const xmpBlock = concat(new Uint8Array([0x21, 0xff, 11]), fromLatin1('XMP DataXMP'), subBlocks(fromLatin1(xmp.slice(0, 200))));
  return concat(plain.subarray(0, at), looping, comment, xmpBlock, plain.subarray(at));
}

/**
 * Issue 47's picture: a real, whole PNG of 6300 x 6300 grey pixels (39.7 megapixels, under the
 * 40 MP cap of other pictures) that compresses to about 38 KB; decoding it takes about a second.
 */
export function flatPngOfMegapixels(side = 6300): Uint8Array {
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, side);
  view.setUint32(4, side);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit grey, no interlace
  // Each row: the filter byte (0) and its grey pixels (0).
  const pixels = deflateSync(Buffer.alloc(side * (side + 1)), { level: 9 });
  const signature = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return concat(signature, pngChunk('IHDR', ihdr), pngChunk('IDAT', new Uint8Array(pixels)), pngChunk('IEND', new Uint8Array(0)));
}

/**
 * A PNG whose header declares `side` x `side` but whose pixel data is not a picture at all:
 * refused for its pixel count only if the count is checked before anything is decoded (a decode
 * would call it damaged, 415).
 */
export function pngHeaderOfMegapixels(side = 6300): Uint8Array {
  const whole = flatPngOfMegapixels(64);
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, side);
  view.setUint32(4, side);
  ihdr.set([8, 0, 0, 0, 0], 8);
  const garbage = new Uint8Array(200).fill(0x5a);
  const signature = whole.subarray(0, 8);
  return concat(signature, pngChunk('IHDR', ihdr), pngChunk('IDAT', garbage), pngChunk('IEND', new Uint8Array(0)));
}
