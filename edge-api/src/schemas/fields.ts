/**
 * Small zod building blocks of the request schemas, with messages meant for people. Pure zod:
 * the PWA's forms check with the same rules.
 */
import { z } from './zod.ts';
import { typedNumber } from './digits.ts';
import { imageUrlPrefix, isUploadedImage } from './image.ts';
import { cleanOptionalLine, cleanRequiredLine } from './text.ts';

/**
 * Required one-line text, cleaned (text.ts: NFC, no control or bidirectional characters) and
 * trimmed, with "<Label> is required" when missing or nothing visible is left.
 */
export const requiredText = (label: string, max: number, message = `${label} is required`) =>
  cleanRequiredLine(message, max, `${label} is too long (at most ${max} characters)`);

/** Optional one-line text, cleaned the same way: blank, invisible or absent becomes null. */
export const optionalText = (label: string, max: number) =>
  cleanOptionalLine(`${label} must be text`, max, `${label} is too long (at most ${max} characters)`);

/** A number, also accepted as a numeric string (form fields often send those), in Bengali digits too. */
export const numberLike = (message: string) =>
  z
    .union([z.number(), z.string().transform(typedNumber).pipe(z.string().regex(/^-?\d+(\.\d+)?$/)).transform(Number)], { error: message })
    .pipe(z.number({ error: message }));

export const imageMessage = 'Image must be an uploaded image (/api/images/...) or an http(s) URL';

/** An image: the path of an upload from POST /uploads, or an http(s) URL. */
export const imageUrl = z
  .string({ error: 'Image is required' })
  .trim()
  .min(1, 'Image is required')
  .max(2000, 'The image address is too long')
  .refine((value) => {
    if (value.startsWith(imageUrlPrefix)) return isUploadedImage(value);
    try {
      const url = new URL(value);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, imageMessage);

export const idInput = z.string({ error: 'An id is required' }).trim().min(1, 'An id is required').max(100, 'That id is too long');
