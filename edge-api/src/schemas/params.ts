/** Path parameters shared by several resources. Pure zod: the PWA may import it too. */
import { z } from 'zod';

export const idParam = z.object({ id: z.string().trim().min(1, 'An id is required').max(100, 'That id is too long') });
