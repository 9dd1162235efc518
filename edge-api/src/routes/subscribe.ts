/** /api/subscribe: the newsletter sign-up. */
import { Hono } from 'hono';
import { access } from '../auth/access.ts';
import { subscribeToNewsletter } from '../commands/newsletter.ts';
import type { AppEnv } from '../http/env.ts';
import { rateLimit } from '../lib/rate-limit.ts';
import { subscribeBody } from '../schemas/newsletter.ts';
import { validate } from '../http/validation.ts';

export const subscribeRoutes = new Hono<AppEnv>()
  .post('/', access('POST /subscribe'), rateLimit('subscribe'), validate('json', subscribeBody), async (c) => {
    await subscribeToNewsletter(c.var.deps, c.req.valid('json'));
    return c.json({ message: 'Thank you for subscribing!' }, 201);
  });
