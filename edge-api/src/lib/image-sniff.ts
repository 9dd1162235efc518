/**
 * What an uploaded file really is, judged by its first bytes (its "magic number"), never by
 * its name or the type the browser declared: a text file renamed .png or an SVG (which can
 * carry script) is not an image here. Only the four raster formats browsers all show.
 */
export interface ImageKind {
  contentType: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/gif';
  /** The extension of the stored name; the image stores accept exactly these. */
  extension: 'png' | 'jpg' | 'webp' | 'gif';
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));

const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const jpeg = [0xff, 0xd8, 0xff];
const gif87 = ascii('GIF87a');
const gif89 = ascii('GIF89a');
const riff = ascii('RIFF');
const webp = ascii('WEBP');

/** The image kind of these bytes, or null when they are not a PNG, JPEG, WebP or GIF. */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  if (startsWith(bytes, png)) return { contentType: 'image/png', extension: 'png' };
  if (startsWith(bytes, jpeg)) return { contentType: 'image/jpeg', extension: 'jpg' };
  if (startsWith(bytes, gif87) || startsWith(bytes, gif89)) return { contentType: 'image/gif', extension: 'gif' };
  // RIFF container: "RIFF", 4 bytes of length, then the form type "WEBP".
  if (startsWith(bytes, riff) && startsWith(bytes, webp, 8)) return { contentType: 'image/webp', extension: 'webp' };
  return null;
}
