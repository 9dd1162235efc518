/**
 * /api/images/:name: uploaded pictures, with their real type, nosniff, and a year of immutable
 * caching (the name is never reused, so the bytes behind it never change).
 */
import { Hono } from 'hono';
import { access } from '../auth/access.ts';
import { uploadedImageType } from '../db/images.ts';
import type { AppEnv } from '../http/env.ts';
import { notFound } from '../http/errors.ts';
import { storedImageName } from '../lib/image-uploads.ts';

export const imageRoutes = new Hono<AppEnv>()
  .get('/:name', access('GET /images/:name'), async (c) => {
    const name = c.req.param('name');
    if (!storedImageName.test(name)) throw notFound('Image');
    const { deps } = c.var;
    const contentType = await uploadedImageType(deps.db, name);
    const image = contentType ? await deps.images.get(name) : null;
    if (!contentType || !image) throw notFound('Image');
    return c.body(image.body as ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': contentType,
      'Content-Length': String(image.size),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'public, max-age=31536000, immutable',
      // The browser shows it as an image, never as a page of its own.
      'Content-Disposition': 'inline',
    });
  });;
