/**
 * /api/notifications: the signed-in person's inbox (their own items only, newest first, a page
 * at a time), read marks, and the devices that receive pushes. /api/admin/push-health: how
 * delivery goes, for operators. All of it lives in edge-api/src/notifications/ (decision 0072).
 */
import { Hono } from 'hono';
import { currentUser } from '../auth/access.ts';
import type { AppEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { validate } from '../http/validation.ts';
import { pushHealth } from '../notifications/health.ts';
import { inboxPage, markAllRead, markRead } from '../notifications/inbox.ts';
import { notAPushServiceMessage, pushServiceUrl } from '../notifications/push-services.ts';
import { removeSubscription, saveSubscription } from '../notifications/subscriptions.ts';
import { idParam } from '../schemas/params.ts';
import { inboxQuerySchema, pushEndpointSchema, pushSubscriptionSchema } from '../schemas/push-subscription.ts';

export const notificationRoutes = new Hono<AppEnv>()
  .get('/', validate('query', inboxQuerySchema), async (c) => {
    return c.json(await inboxPage(c.var.deps, currentUser(c).id, c.req.valid('query')), 200);
  })
  .post('/read-all', async (c) => {
    return c.json({ marked: await markAllRead(c.var.deps, currentUser(c).id) }, 200);
  })
  .post('/:id/read', validate('param', idParam), async (c) => {
    return c.json({ notification: await markRead(c.var.deps, currentUser(c).id, c.req.valid('param').id) }, 200);
  })
  .get('/push-key', (c) => {
    // Null: this server sends no pushes (no VAPID keys configured); the inbox still works.
    return c.json({ publicKey: c.var.deps.config.push.vapid?.publicKey ?? null }, 200);
  })
  .put('/subscriptions', validate('json', pushSubscriptionSchema), async (c) => {
    const body = c.req.valid('json');
    // Only the browsers' push services (decision 0100): the sender checks again before each send.
    if (!pushServiceUrl(body.endpoint, c.var.deps.config.push)) {
      throw new ApiError(422, 'validation_failed', notAPushServiceMessage, { fields: { endpoint: notAPushServiceMessage } });
    }
    await saveSubscription(c.var.deps, currentUser(c).id, body);
    return c.json({ subscribed: true }, 200);
  })
  .delete('/subscriptions', validate('json', pushEndpointSchema), async (c) => {
    return c.json({ removed: await removeSubscription(c.var.deps, c.req.valid('json').endpoint) }, 200);
  });

export const pushHealthRoutes = new Hono<AppEnv>().get('/', async (c) => c.json(await pushHealth(c.var.deps), 200));
