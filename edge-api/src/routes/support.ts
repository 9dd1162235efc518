/** /api/support: the contact form's messages (issue 29); the admins read them as a paged inbox. */
import { Hono } from 'hono';
import { sendSupportMessage } from '../commands/support.ts';
import type { AppEnv } from '../http/env.ts';
import { validate } from '../http/validation.ts';
import { rateLimit } from '../lib/rate-limit.ts';
import { supportInbox, supportInboxQuery } from '../lists/support-inbox.ts';
import { supportMessageBody } from '../schemas/support-message.ts';
import { mutationKey, reply } from './reply.ts';

export const supportRoutes = new Hono<AppEnv>()
  .post('/', rateLimit('support'), validate('json', supportMessageBody), async (c) => {
    const user = c.get('user');
    return reply(c, await sendSupportMessage(c.var.deps, user, c.req.valid('json'), { key: user ? mutationKey(c, user) : undefined }));
  })
  .get('/', validate('query', supportInboxQuery), async (c) => {
    return c.json(await supportInbox(c.var.deps.db, c.req.valid('query')), 200);
  });
