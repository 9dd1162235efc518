/** Path parameters shared by several resources. Pure zod: the PWA may import it too. */
import { z } from './zod.ts';
import { pictureWidths, type PictureWidth } from './image.ts';

export const idParam = z.object({ id: z.string().trim().min(1, 'An id is required').max(100, 'That id is too long') });

/** GET /api/images/:name?w=<width>: one of `pictureWidths`, or none for the original. */
export const imageQuery = z.object({
  w: z.enum(pictureWidths.map(String) as [`${PictureWidth}`, ...`${PictureWidth}`[]], { message: `w must be one of ${pictureWidths.join(', ')}.` }).optional(),
});
