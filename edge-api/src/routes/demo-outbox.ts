/**
 * The embedded demo's outbox (issue 50): the SMS and emails kept instead of sent when no
 * gateway or mail server is configured, newest first, for admins. Outside demo mode there is
 * no outbox: 404.
 */
import { Hono } from 'hono';
import { z } from '../schemas/zod.ts';
import type { AppEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { validate } from '../http/validation.ts';

const outboxQuery = z.object({
  channel: z.enum(['sms', 'email']).optional(),
  /** One recipient: a number as +8801XXXXXXXXX or an email. */
  to: z.string().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

export const demoOutboxRoutes = new Hono<AppEnv>().get('/outbox', validate('query', outboxQuery), async (c) => {
  const { db, config } = c.get('deps');
  if (!config.demoMode) throw new ApiError(404, 'not_found', 'The outbox exists only in the demo.');
  const { channel, to, limit = 50 } = c.req.valid('query');
  let query = db.selectFrom('demo_outbox').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(limit);
  if (channel) query = query.where('channel', '=', channel);
  if (to) query = query.where('recipient', '=', to.toLowerCase().startsWith('+') ? to : to.toLowerCase());
  const rows = await query.execute();
  return c.json(
    { messages: rows.map((row) => ({ id: row.id, channel: row.channel, to: row.recipient, subject: row.subject, body: row.body, createdAt: row.created_at })) },
    200,
  );
});
