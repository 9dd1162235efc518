/**
 * The one way an image enters the product, used by POST /uploads and by the sign-up picture
 * of POST /auth/register, so both apply exactly the same checks: a real PNG, JPEG, WebP or
 * GIF (by its bytes), at most 10 MB, stored under a name the server makes.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ApiError } from '../http/errors.ts';
import type { ImageStore } from '../storage/images.ts';
import { newId } from './ids.ts';
import { checkImage } from './image-check.ts';
import { sniffImage, type ImageKind } from './image-sniff.ts';
import { imageTooLargeMessage, imageUrlPrefix, notAnImageMessage, pictureSizeName } from '../schemas/image.ts';
import { makePictureSizes, type PictureSize } from './picture-sizes.ts';

export { imageTooLargeMessage, imageUrlPrefix, notAnImageMessage, storedImageName } from '../schemas/image.ts';

export interface AcceptedImage {
  bytes: Uint8Array;
  kind: ImageKind;
  width: number;
  height: number;
}

export interface StoredUpload {
  name: string;
  url: string;
  contentType: ImageKind['contentType'];
  size: number;
  /** The widths of its smaller WebP copies, stored beside it (lib/picture-sizes.ts); maybe none. */
  widths: number[];
}

const isFile = (value: unknown): value is Blob =>
  typeof value === 'object' && value !== null && typeof (value as Blob).arrayBuffer === 'function';

/** A form value holds a chosen file (an empty file input sends a nameless, empty part). */
export const hasFile = (value: unknown): value is Blob => isFile(value) && value.size > 0;

/**
 * Reads and checks one uploaded file; throws 413 or 415 with the spec's messages, or those of
 * image-check.ts for a picture with too many pixels or a damaged file. The bytes it gives back
 * are the picture's without its metadata (lib/image-metadata.ts).
 */
export async function acceptImage(value: unknown, limits: { maxImageBytes: number; maxImagePixels: number; maxWebpPixels: number }): Promise<AcceptedImage> {
  const maxBytes = limits.maxImageBytes;
  if (!isFile(value)) throw new ApiError(415, 'unsupported_media_type', notAnImageMessage);
  if (value.size > maxBytes) throw new ApiError(413, 'payload_too_large', imageTooLargeMessage);
  const bytes = new Uint8Array(await value.arrayBuffer());
  if (bytes.byteLength > maxBytes) throw new ApiError(413, 'payload_too_large', imageTooLargeMessage);
  const kind = sniffImage(bytes);
  if (!kind) throw new ApiError(415, 'unsupported_media_type', notAnImageMessage);
  // Stored without its metadata (EXIF, GPS): a profile or policy picture is served to anyone.
  const checked = await checkImage(bytes, kind, limits);
  return { bytes: checked.bytes, kind, width: checked.width, height: checked.height };
}

/** The smaller sizes, or none when they cannot be made: the original then serves every width. */
async function sizesOf(image: AcceptedImage, maxSizedPixels: number): Promise<PictureSize[]> {
  try {
    return await makePictureSizes(image.bytes, image.kind, image, maxSizedPixels);
  } catch (error) {
    console.warn(`Smaller sizes of an uploaded ${image.kind.extension} (${image.width}x${image.height}) could not be made:`, error);
    return [];
  }
}

/**
 * Puts the bytes in the image store under a fresh server-made name, with their smaller sizes
 * beside them (`<uuid>-<width>.webp`).
 */
export async function putImage(images: ImageStore, image: AcceptedImage, maxSizedPixels: number): Promise<StoredUpload> {
  const name = `${newId()}.${image.kind.extension}`;
  await images.put(name, image.bytes, image.kind.contentType);
  let widths: number[];
  try {
    widths = await putPictureSizes(images, name, image, maxSizedPixels);
  } catch (error) {
    await images.delete(name);
    throw error;
  }
  return { name, url: `${imageUrlPrefix}${name}`, contentType: image.kind.contentType, size: image.bytes.byteLength, widths };
}

/**
 * Makes the smaller sizes of a stored picture and stores them beside it: their widths, smallest
 * first (none when they cannot be made). A failure to store one leaves none of them behind.
 */
export async function putPictureSizes(images: ImageStore, name: string, image: AcceptedImage, maxSizedPixels: number): Promise<number[]> {
  const sizes = await sizesOf(image, maxSizedPixels);
  const widths = sizes.map((size) => size.width).sort((a, b) => a - b);
  try {
    for (const size of sizes) await images.put(pictureSizeName(name, size.width), size.bytes, 'image/webp');
  } catch (error) {
    await removePictureSizes(images, name, widths);
    throw error;
  }
  return widths;
}

/** Removes the smaller sizes of an upload (not the upload). */
export async function removePictureSizes(images: ImageStore, name: string, widths: readonly number[]): Promise<void> {
  await Promise.all(widths.map((width) => images.delete(pictureSizeName(name, width))));
}

/** Removes an upload and its smaller sizes from the image store. */
export async function removeStoredImage(images: ImageStore, name: string, widths: readonly number[]): Promise<void> {
  await Promise.all([images.delete(name), removePictureSizes(images, name, widths)]);
}

/** The widths column of `images` (migrations/0230_image_sizes.sql). */
export const widthsColumn = (widths: readonly number[]) => widths.join(',');
export const widthsOf = (column: string) => (column ? column.split(',').map(Number) : []);

/** A photo link to one of our images must name an image that was really uploaded. */
export async function assertUploadedImage(db: Kysely<Database>, photoURL: string | null | undefined): Promise<void> {
  const name = photoURL?.startsWith(imageUrlPrefix) ? photoURL.slice(imageUrlPrefix.length) : null;
  if (!name) return;
  const row = await db.selectFrom('images').select('id').where('id', '=', name).executeTakeFirst();
  if (!row) {
    const message = 'That photo was not uploaded here. Please upload it again.';
    throw new ApiError(400, 'validation_failed', message, { fields: { photoURL: message } });
  }
}
