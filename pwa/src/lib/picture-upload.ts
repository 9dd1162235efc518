/**
 * A picture sent to POST /uploads or with the sign-up (a profile photo, a policy picture) is
 * prepared on the phone first, exactly as a document is (documents/prepare.ts: at most 1600 px,
 * about 250 KB, a JPEG without metadata). The server decodes every upload in full under a
 * memory cap (edge-api/src/lib/image-check.ts) and refuses a camera's 8 or 12 MP JPEG as
 * damaged; a Worker could not decode it at all. A small GIF goes as it is, to keep its
 * animation: its size and its frames stay for the server to check.
 */
import { documentLimits } from 'edge-api/src/schemas/document.ts';
import { maxImageBytes } from 'edge-api/src/schemas/image.ts';
import { preparePicture } from './documents/prepare.ts';

/** A GIF (by its bytes) of at most 10 MB whose picture is no larger than a prepared one. */
async function isSmallGif(file: Blob): Promise<boolean> {
  if (file.size > maxImageBytes) return false;
  const head = new Uint8Array(await file.slice(0, 10).arrayBuffer());
  if (head.length < 10 || String.fromCharCode(...head.subarray(0, 4)) !== 'GIF8') return false;
  // The logical screen's width and height, little-endian, right after "GIF87a"/"GIF89a".
  const width = head[6]! | (head[7]! << 8);
  const height = head[8]! | (head[9]! << 8);
  return Math.max(width, height) <= documentLimits.maxLongSide;
}

/** The file to upload for a chosen picture; throws PrepareError (documents/prepare.ts) when it cannot be. */
export async function pictureForUpload(file: File): Promise<File> {
  if (await isSmallGif(file)) return file;
  const prepared = await preparePicture(file);
  const name = `${file.name.replace(/\.[^./\\]*$/, '') || 'picture'}.jpg`;
  return new File([prepared.blob], name, { type: 'image/jpeg' });
}
