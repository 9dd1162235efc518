/**
 * /api/create-payment-intent. Card payments for applications. The server decides the price, asks the provider for an
 * intent, and marks the application paid only after the provider confirms: a Stripe webhook
 * with a verified signature, or the client's `payments/save` after the server has retrieved
 * the intent itself. See payments/ for the providers and the exactly-once recording.
 */
import { Hono } from 'hono';
import { currentUser } from '../auth/access.ts';
import type { AppEnv } from '../http/env.ts';
import { conflict } from '../http/errors.ts';
import { demoCardNumber } from '../payments/demo-provider.ts';
import { rejectedCannotPay } from '../payments/refunds.ts';
import { createIntentBody, ownApplication, paymentsConfigured } from '../payments/route-guards.ts';
import { validate } from '../http/validation.ts';

export const createPaymentIntentRoutes = new Hono<AppEnv>()
  .post(
    '/',
    paymentsConfigured,
    validate('json', createIntentBody),
    async (c) => {
      const user = currentUser(c);
      const { db, config, payments } = c.var.deps;
      const application = await ownApplication(db, c.req.valid('json').applicationId, user);
      if (application.payment_status === 'paid') {
        throw conflict('This application has already been paid.', { paymentStatus: 'paid' });
      }
      if (application.status === 'rejected') throw rejectedCannotPay(false);
      const { amountMinor, currency } = config.payment;
      const intent = await payments.createIntent({
        amountMinor,
        currency,
        metadata: { applicationId: application.id, userId: user.id, userEmail: user.email },
        // One intent per application and price: a retried or doubled click reuses it.
        idempotencyKey: `pi-${application.id}-${amountMinor}-${currency}`,
        description: `Insurance application: ${application.policy_name}`,
      });
      const mode = payments.mode === 'demo' ? 'demo' : 'stripe';
      return c.json(
        {
          applicationId: application.id,
          policyName: application.policy_name,
          policyNameBn: application.policy_name_bn ?? null,
          clientSecret: intent.clientSecret,
          paymentIntentId: intent.id,
          amount: intent.amountMinor,
          currency: intent.currency,
          // 'succeeded' here means it was paid but not yet recorded: call payments/save.
          status: intent.status,
          mode,
          publishableKey: payments.publishableKey,
          demoCardNumber: mode === 'demo' ? demoCardNumber : null,
        },
        200,
      );
    },
  );
