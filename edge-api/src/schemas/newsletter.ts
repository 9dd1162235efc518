/** The newsletter sign-up (spec section 5: name and email required). The home page's form checks with it too. */
import { z } from './zod.ts';
import { cleanRequiredLine } from './text.ts';

export const subscribeBody = z.object({
  name: cleanRequiredLine('Name is required', 120, 'Name is too long'),
  email: z.email({ error: 'Please enter a valid email address' }).trim().max(254, 'Email is too long'),
});
export type SubscribeBody = z.infer<typeof subscribeBody>;

/** An unsubscribe link's token as the server makes it (lib/ids.ts: 43 base64url characters). */
export const unsubscribeToken = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This unsubscribe link is not valid.'),
});
