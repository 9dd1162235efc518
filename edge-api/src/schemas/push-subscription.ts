import { z } from './zod.ts';

/**
 * A browser's PushSubscription as `subscription.toJSON()` gives it (the Push API). The
 * endpoint is checked again by the route: https only, except a local stand-in in tests.
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string().url().max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().min(80).max(100).regex(/^[A-Za-z0-9_-]+$/),
    auth: z.string().min(16).max(32).regex(/^[A-Za-z0-9_-]+$/),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushEndpointSchema = z.object({ endpoint: z.string().url().max(2048) });

export const inboxQuerySchema = z.object({
  before: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
