/**
 * Images for profiles and policies, in place of the hosted image service.
 *
 * Contract: `POST /uploads` takes multipart/form-data with the file in the field `image`
 * (any signed-in user; a visitor's sign-up picture goes inside POST /auth/register instead,
 * checked by the same code). Only a real PNG, JPEG, WebP or GIF, judged by its bytes, at most
 * 10 MB: otherwise 415 'Please upload an image file (jpg, png, etc.)' or 413 'Maximum size is
 * 10MB', and nothing is stored. The answer is `{ url: '/api/images/<uuid>.<ext>' }` (201).
 * `GET /api/images/:name` (routes/images.ts) serves it with its real type, nosniff, and a year of immutable caching
 * (the name is never reused, so the bytes behind it never change). Smaller WebP sizes of the
 * picture are made at upload and served as `?w=<width>` (lib/picture-sizes.ts).
 */
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { currentUser } from '../auth/access.ts';
import { recordUpload } from '../commands/uploads.ts';
import type { AppEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { acceptImage, putImage, removeStoredImage } from '../lib/image-uploads.ts';
import { rateLimit } from '../lib/rate-limit.ts';
import { removeUnusedUploads } from '../lib/unused-uploads.ts';

/**
 * Reads the multipart form with this route's own messages (not multipart, unreadable, no image),
 * and declares its one field, so the PWA's typed client sends `form: { image: file }`.
 */
const imageForm = createMiddleware<AppEnv, string, { in: { form: { image: File } }; out: { form: { image: string | File } } }>(
  async (c, next) => {
    if (!/^multipart\/form-data/i.test(c.req.header('content-type') ?? '')) {
      throw new ApiError(400, 'bad_request', 'Send the image as multipart/form-data, in the field "image".');
    }
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch (err) {
      if (err instanceof ApiError) throw err;
      throw new ApiError(400, 'bad_request', 'The upload could not be read. Please try again.');
    }
    const image = form.get('image');
    if (image === null) {
      throw new ApiError(400, 'validation_failed', 'Please choose an image to upload.', {
        fields: { image: 'Please choose an image to upload.' },
      });
    }
    c.req.addValidatedData('form', { image });
    await next();
  },
);

export const uploadRoutes = new Hono<AppEnv>()
  .post('/', rateLimit('uploads'), imageForm, async (c) => {
    const { deps } = c.var;
    const user = currentUser(c);
    const file = c.req.valid('form').image;
    const image = await acceptImage(file, deps.config);
    const { uploadQuotaBytes } = deps.config;
    const stored = await putImage(deps.images, image, deps.config.maxSizedPixels);
    let recorded: boolean;
    try {
      recorded = await recordUpload(deps, user.id, stored, uploadQuotaBytes);
    } catch (err) {
      await removeStoredImage(deps.images, stored.name, stored.widths);
      throw err;
    }
    if (!recorded) {
      await removeStoredImage(deps.images, stored.name, stored.widths);
      const megabytes = Math.floor(uploadQuotaBytes / 1024 / 1024);
      throw new ApiError(413, 'payload_too_large', `You have used your upload space (${megabytes} MB). Pictures you no longer use are removed after a day.`);
    }
    await removeUnusedUploads(deps);
    return c.json({ url: stored.url }, 201);
  });
