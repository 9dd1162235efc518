/**
 * What an image address and an image file must be. Pure, without zod (the PWA's public
 * pictures use `pictureWidths`, components/fallback-image.tsx): the server's upload checks
 * (lib/image-uploads.ts) and the PWA's forms (Add Policy, Register) share these rules.
 */
import { apiPrefix } from '../http/api-prefix.ts';

/** Where uploaded pictures are served: GET /api/images/:name. */
export const imageUrlPrefix = `${apiPrefix}/images/`;

/** Stored names look like `<uuid>.<ext>`; anything else is never looked up. */
export const storedImageName = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|webp|gif)$/;

/** The address of one of our own uploads (GET /api/images/<stored name>). */
export const isUploadedImage = (value: string) =>
  value.startsWith(imageUrlPrefix) && storedImageName.test(value.slice(imageUrlPrefix.length));

/**
 * The widths (px) an uploaded picture is also kept at, as WebP, when it is wider
 * (docs/decisions/0086-responsive-pictures.md): 160 for portraits shown at 72-128 px, 360 for a
 * card on a 1x phone (a 360 px screen shows it 328 px wide), 720 for the same card at 2x.
 * Asked for as `/api/images/<name>?w=<width>`; a width that was not made answers the original.
 */
export const pictureWidths = [160, 360, 720] as const;
export type PictureWidth = (typeof pictureWidths)[number];

/** The stored name of one size of an upload: `<uuid>-<width>.webp` beside `<uuid>.<ext>`. */
export const pictureSizeName = (name: string, width: number) => `${name.replace(/\.[a-z]+$/, '')}-${width}.webp`;

/** Spec section 9: profile and policy pictures are at most 10 MB. */
export const maxImageBytes = 10 * 1024 * 1024;
export const notAnImageMessage = 'Please upload an image file (jpg, png, etc.)';
export const imageTooLargeMessage = 'Maximum size is 10MB';

/** What the browser can tell of a chosen file before sending it (the server sniffs the bytes). */
export function imageFileProblem(file: { type: string; size: number } | null): string | undefined {
  if (!file) return undefined;
  if (!file.type.startsWith('image/') || file.type === 'image/svg+xml') return notAnImageMessage;
  if (file.size > maxImageBytes) return imageTooLargeMessage;
  return undefined;
}
