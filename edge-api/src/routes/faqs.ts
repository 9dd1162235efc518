/** /api/faqs: the questions on the home page. */
import { Hono } from 'hono';
import { listFaqs } from '../db/faqs.ts';
import type { AppEnv } from '../http/env.ts';
import { publicCache } from '../http/security.ts';

export const faqRoutes = new Hono<AppEnv>()
  .get('/', publicCache(), async (c) => {
    return c.json(await listFaqs(c.var.deps.db), 200);
  });
