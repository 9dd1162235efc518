/** The payment page's choice of how to pay through SSLCommerz (POST /sslcommerz/session). */
import { z } from './zod.ts';

export const sslcommerzMethodChoices = ['bkash', 'nagad', 'rocket', 'card'] as const;

export const sslcommerzSessionBody = z.object({
  applicationId: z.string({ error: 'An application id is required' }).trim().min(1, 'An application id is required').max(100, 'That application id is too long'),
  method: z.enum(sslcommerzMethodChoices, { error: 'Please choose how to pay' }),
});
export type SslcommerzSessionBody = z.infer<typeof sslcommerzSessionBody>;
