/**
 * /api/images/:name: uploaded pictures, with their real type, nosniff, and a year of immutable
 * caching (the name is never reused, so the bytes behind it never change).
 * `?w=<width>` answers the picture's smaller WebP size of that width (lib/picture-sizes.ts),
 * made at upload, with the same headers and access; a width that was not made (the picture is
 * no wider, a GIF, or the size could not be made) answers the original, which never changes
 * either, so the answer is immutable too.
 */
import { Hono } from 'hono';
import { uploadedImage } from '../db/images.ts';
import type { AppEnv } from '../http/env.ts';
import { notFound } from '../http/errors.ts';
import { validate } from '../http/validation.ts';
import { storedImageName, widthsOf } from '../lib/image-uploads.ts';
import { pictureSizeName } from '../schemas/image.ts';
import { imageQuery } from '../schemas/params.ts';

export const imageRoutes = new Hono<AppEnv>()
  .get('/:name', validate('query', imageQuery), async (c) => {
    const name = c.req.param('name');
    if (!storedImageName.test(name)) throw notFound('Image');
    const { deps } = c.var;
    const { w } = c.req.valid('query');
    const row = await uploadedImage(deps.db, name);
    const sized = row && w && widthsOf(row.widths).includes(Number(w));
    const image = row ? await deps.images.get(sized ? pictureSizeName(name, Number(w)) : name) : null;
    if (!row || !image) throw notFound('Image');
    return c.body(image.body as ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': sized ? 'image/webp' : row.content_type,
      'Content-Length': String(image.size),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'public, max-age=31536000, immutable',
      // The browser shows it as an image, never as a page of its own.
      'Content-Disposition': 'inline',
    });
  });
