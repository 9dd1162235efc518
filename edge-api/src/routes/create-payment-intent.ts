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
import { chooseDues } from '../premiums/online.ts';

export const createPaymentIntentRoutes = new Hono<AppEnv>()
  .post(
    '/',
    paymentsConfigured,
    validate('json', createIntentBody),
    async (c) => {
      const user = currentUser(c);
      const deps = c.var.deps;
      const { db, config, payments } = deps;
      const body = c.req.valid('json');
      const mode = payments.mode === 'demo' ? 'demo' : 'stripe';
      if (body.dueIds) {
        // Issue 49: premiums of a policy in force, the amount the server's sum of those dues.
        const chosen = await chooseDues(deps, user, body.applicationId, body.dueIds);
        const intent = await payments.createIntent({
          amountMinor: chosen.amountMinor,
          currency: 'bdt',
          metadata: { applicationId: chosen.application.id, userId: user.id, userEmail: user.email, purpose: 'premium', dueSeqs: chosen.seqs },
          idempotencyKey: `prem-${chosen.application.id}-${chosen.seqs}-${chosen.amountMinor}`,
          description: `Premiums: ${chosen.application.policy_name}`,
        });
        return c.json(
          {
            applicationId: chosen.application.id,
            policyName: chosen.application.policy_name,
            policyNameBn: chosen.application.policy_name_bn ?? null,
            clientSecret: intent.clientSecret,
            paymentIntentId: intent.id,
            amount: intent.amountMinor,
            currency: intent.currency,
            status: intent.status,
            mode,
            publishableKey: payments.publishableKey,
            demoCardNumber: mode === 'demo' ? demoCardNumber : null,
            dueIds: body.dueIds,
          },
          200,
        );
      }
      const application = await ownApplication(db, body.applicationId, user);
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
          dueIds: null,
        },
        200,
      );
    },
  );
