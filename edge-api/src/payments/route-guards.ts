/** What the payment routes share: their request schemas and the checks before any money moves. */
import { createMiddleware } from 'hono/factory';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.ts';
import type { AppEnv, SessionUser } from '../http/env.ts';
import { conflict, forbidden, notFound } from '../http/errors.ts';
import { cardIncompleteMessage } from './demo-provider.ts';
import { paymentsNotConfigured } from './provider.ts';
import { dueIdsField } from '../schemas/premium-schedule.ts';

const applicationId = z
  .string({ error: 'An application id is required' })
  .trim()
  .min(1, 'An application id is required')
  .max(100, 'That application id is too long');

/** Provider ids (pi_..., demo_pi_...) go into a provider URL path: keep them to safe characters. */
const intentId = (label: string) =>
  z
    .string({ error: `A ${label} is required` })
    .trim()
    .min(1, `A ${label} is required`)
    .max(255, `That ${label} is too long`)
    .regex(/^[A-Za-z0-9_]+$/, `That ${label} is not valid`);

/** Anything else in the body (the spec's amountInCents, say) is ignored: the server sets the price. */
// Issue 49: with `dueIds`, the payment is of those dues of a policy in force (premiums/online.ts).
export const createIntentBody = z.object({ applicationId, dueIds: dueIdsField });
export const savePaymentBody = z.object({ applicationId, transactionId: intentId('transaction id'), dueIds: dueIdsField });
export const demoConfirmBody = z.object({
  paymentIntentId: intentId('payment id'),
  cardNumber: z.string({ error: cardIncompleteMessage }).trim().min(1, cardIncompleteMessage).max(40, cardIncompleteMessage),
});

/** Production without Stripe keys: refuse plainly rather than pretend. */
export const paymentsConfigured = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.deps.payments.mode === 'off') throw paymentsNotConfigured();
  await next();
});

export async function ownApplication(db: Kysely<Database>, id: string, user: SessionUser) {
  const application = await db
    .selectFrom('applications')
    .select(['id', 'user_id', 'user_email', 'policy_name', 'policy_name_bn', 'status', 'payment_status'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!application) throw notFound('Application');
  if (application.user_id !== user.id) throw forbidden('You can only pay for your own applications.');
  return application;
}

export const alreadyPaid = (paymentTransactionId: string) =>
  conflict('This application has already been paid.', { paymentStatus: 'paid', transactionId: paymentTransactionId });

