/** /api/subscribe: the newsletter sign-up. */
import { Hono } from 'hono';
import { access } from '../auth/access.ts';
import type { AppEnv } from '../env.ts';
import { conflict } from '../errors.ts';
import { newId } from '../lib/ids.ts';
import { rateLimit } from '../lib/rate-limit.ts';
import { subscribeBody } from '../schemas/newsletter.ts';
import { validate } from '../validation.ts';

export const subscribeRoutes = new Hono<AppEnv>()
  .post('/', access('POST /subscribe'), rateLimit('subscribe'), validate('json', subscribeBody), async (c) => {
    const { name, email } = c.req.valid('json');
    const { db, clock } = c.var.deps;
    const result = await db
      .insertInto('newsletter_subscribers')
      .values({ id: newId(), name, email: email.toLowerCase(), created_at: clock().toISOString() })
      .onConflict((oc) => oc.column('email').doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0n) === 0) {
      throw conflict('This email is already subscribed to our newsletter.');
    }
    return c.json({ message: 'Thank you for subscribing!' }, 201);
  });
