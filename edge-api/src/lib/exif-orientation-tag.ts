/**
 * The one EXIF tag a picture keeps when its metadata is removed (lib/image-metadata.ts): the
 * orientation (tag 0x0112, lib/exif-orientation.ts). A phone stores a portrait photo as landscape
 * pixels and says "turn 90°" there; without the tag it would show on its side, and turning the
 * pixels instead would mean re-encoding the picture.
 * An EXIF block is a small TIFF file: a byte-order mark ("II" little-endian, "MM" big-endian),
 * 42, the offset of the first directory (IFD0), then that directory's 12-byte entries.
 */

const orientationTag = 0x0112;
const shortType = 3;

/** The orientation in this EXIF TIFF block (2 to 8), or 1 when it has none, or one not read here. */
export function readOrientation(tiff: Uint8Array): number {
  if (tiff.length < 8) return 1;
  const little = tiff[0] === 0x49 && tiff[1] === 0x49;
  const big = tiff[0] === 0x4d && tiff[1] === 0x4d;
  if (!little && !big) return 1;
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  if (view.getUint16(2, little) !== 42) return 1;
  const ifd = view.getUint32(4, little);
  if (ifd + 2 > tiff.length) return 1;
  const entries = view.getUint16(ifd, little);
  for (let i = 0; i < entries; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) return 1;
    if (view.getUint16(entry, little) !== orientationTag) continue;
    if (view.getUint16(entry + 2, little) !== shortType || view.getUint32(entry + 4, little) !== 1) return 1;
    const value = view.getUint16(entry + 8, little);
    return value >= 1 && value <= 8 ? value : 1;
  }
  return 1;
}

/** An EXIF TIFF block with the orientation and nothing else (26 bytes, big-endian). */
export function orientationOnlyTiff(orientation: number): Uint8Array {
  const tiff = new Uint8Array(26);
  const view = new DataView(tiff.buffer);
  tiff.set([0x4d, 0x4d], 0);
  view.setUint16(2, 42);
  view.setUint32(4, 8); // IFD0 right after the header
  view.setUint16(8, 1); // one entry
  view.setUint16(10, orientationTag);
  view.setUint16(12, shortType);
  view.setUint32(14, 1); // one value, held in the entry itself
  view.setUint16(18, orientation);
  view.setUint32(22, 0); // no further directory
  return tiff;
}
