/** /api/subscribe: the newsletter sign-up; /api/unsubscribe/:token: its link (issue 29). */
import { Hono } from 'hono';
import { subscribeToNewsletter, subscriptionOfToken, unsubscribeByToken, unsubscribePath } from '../commands/newsletter.ts';
import type { AppEnv } from '../http/env.ts';
import { rateLimit } from '../lib/rate-limit.ts';
import { subscribeBody, unsubscribeToken } from '../schemas/newsletter.ts';
import { validate } from '../http/validation.ts';

export const subscribeRoutes = new Hono<AppEnv>()
  .post('/', rateLimit('subscribe'), validate('json', subscribeBody), async (c) => {
    const { token } = await subscribeToNewsletter(c.var.deps, c.req.valid('json'));
    return c.json({ message: 'Thank you for subscribing!', unsubscribeUrl: unsubscribePath(token) }, 201);
  });

export const unsubscribeRoutes = new Hono<AppEnv>()
  .get('/:token', validate('param', unsubscribeToken), async (c) => {
    return c.json(await subscriptionOfToken(c.var.deps, c.req.valid('param').token), 200);
  })
  .post('/:token', validate('param', unsubscribeToken), async (c) => {
    const state = await unsubscribeByToken(c.var.deps, c.req.valid('param').token);
    const message = state.already ? 'This link was already used: this email is not subscribed.' : 'You are unsubscribed. We will send no more newsletters to this email.';
    return c.json({ ...state, message }, 200);
  });
