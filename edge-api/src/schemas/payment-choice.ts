/** The payment page's choice of how to pay through SSLCommerz (POST /sslcommerz/session). */
import { z } from './zod.ts';
import { languageField } from './language.ts';
import { dueIdsField } from './premium-schedule.ts';

export const sslcommerzMethodChoices = ['bkash', 'nagad', 'rocket', 'card'] as const;

export const sslcommerzSessionBody = z.object({
  applicationId: z.string({ error: 'An application id is required' }).trim().min(1, 'An application id is required').max(100, 'That application id is too long'),
  method: z.enum(sslcommerzMethodChoices, { error: 'Please choose how to pay' }),
  /** The page's language: the gateway sends the person back to the payment page in it (issue 48). */
  language: languageField.optional(),
  /** Issue 49: the dues of a policy in force to pay (premium-schedule.ts); absent: the application fee. */
  dueIds: dueIdsField,
});
export type SslcommerzSessionBody = z.infer<typeof sslcommerzSessionBody>;
