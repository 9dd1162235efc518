/**
 * What an image address and an image file must be. Pure: the server's upload checks
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
