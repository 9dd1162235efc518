/** /api/faqs: the questions on the home page. */
import { Hono } from 'hono';
import { access } from '../auth/access.ts';
import type { AppEnv } from '../env.ts';
import { publicCache } from '../security.ts';

export const faqRoutes = new Hono<AppEnv>()
  .get('/', access('GET /faqs'), publicCache(), async (c) => {
    const rows = await c.var.deps.db.selectFrom('faqs').selectAll().orderBy('position').execute();
    return c.json(rows, 200);
  });
