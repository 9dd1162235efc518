/**
 * Card payments for applications. The server decides the price, asks the provider for an
 * intent, and marks the application paid only after the provider confirms: a Stripe webhook
 * with a verified signature, or the client's `payments/save` after the server has retrieved
 * the intent itself. See payments/ for the providers and the exactly-once recording.
 */
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { access, currentUser } from '../auth/access.ts';
import type { Database } from '../db/schema.ts';
import type { AppEnv, SessionUser } from '../env.ts';
import { ApiError, conflict, forbidden, notFound } from '../errors.ts';
import { cardIncompleteMessage, demoCardNumber } from '../payments/demo-provider.ts';
import { paymentsNotConfigured } from '../payments/provider.ts';
import { intentMismatch, recordPayment, toPaymentView } from '../payments/record-payment.ts';
import { validate } from '../validation.ts';

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
export const createIntentBody = z.object({ applicationId });
export const savePaymentBody = z.object({ applicationId, transactionId: intentId('transaction id') });
export const demoConfirmBody = z.object({
  paymentIntentId: intentId('payment id'),
  cardNumber: z.string({ error: cardIncompleteMessage }).trim().min(1, cardIncompleteMessage).max(40, cardIncompleteMessage),
});

/** Production without Stripe keys: refuse plainly rather than pretend. */
const paymentsConfigured = createMiddleware<AppEnv>(async (c, next) => {
  if (c.var.deps.payments.mode === 'off') throw paymentsNotConfigured();
  await next();
});

async function ownApplication(db: Kysely<Database>, id: string, user: SessionUser) {
  const application = await db
    .selectFrom('applications')
    .select(['id', 'user_id', 'user_email', 'policy_name', 'status', 'payment_status'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!application) throw notFound('Application');
  if (application.user_id !== user.id) throw forbidden('You can only pay for your own applications.');
  return application;
}

const alreadyPaid = (paymentTransactionId: string) =>
  conflict('This application has already been paid.', { paymentStatus: 'paid', transactionId: paymentTransactionId });

export const paymentRoutes = new Hono<AppEnv>()
  .post(
    '/create-payment-intent',
    access('POST /create-payment-intent'),
    paymentsConfigured,
    validate('json', createIntentBody),
    async (c) => {
      const user = currentUser(c);
      const { db, config, payments } = c.var.deps;
      const application = await ownApplication(db, c.req.valid('json').applicationId, user);
      if (application.payment_status === 'paid') {
        throw conflict('This application has already been paid.', { paymentStatus: 'paid' });
      }
      if (application.status === 'rejected') {
        throw conflict('This application was rejected and cannot be paid.', { status: 'rejected' });
      }
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
  )
  .post(
    '/payments/demo/confirm',
    access('POST /payments/demo/confirm'),
    paymentsConfigured,
    validate('json', demoConfirmBody),
    async (c) => {
      const user = currentUser(c);
      const { payments, clock } = c.var.deps;
      if (!payments.confirmDemoCard) throw notFound('Demo payment');
      const { paymentIntentId, cardNumber } = c.req.valid('json');
      const intent = await payments.retrieveIntent(paymentIntentId);
      if (!intent) throw notFound('Payment');
      if (intent.metadata.userId !== user.id) throw forbidden('You can only pay for your own applications.');
      const confirmed = await payments.confirmDemoCard(paymentIntentId, cardNumber, clock());
      return c.json({ paymentIntentId: confirmed.id, status: confirmed.status }, 200);
    },
  )
  .post(
    '/payments/save',
    access('POST /payments/save'),
    paymentsConfigured,
    validate('json', savePaymentBody),
    async (c) => {
      const user = currentUser(c);
      const deps = c.var.deps;
      const { db, config, payments } = deps;
      const body = c.req.valid('json');
      const application = await ownApplication(db, body.applicationId, user);

      const existing = await db
        .selectFrom('payments')
        .selectAll()
        .where('application_id', '=', application.id)
        .executeTakeFirst();
      if (existing) {
        if (existing.transaction_id !== body.transactionId) throw alreadyPaid(existing.transaction_id);
        return c.json({ message: 'Payment recorded', payment: toPaymentView(existing), recordedNow: false }, 200);
      }

      // Never the client's word: ask the provider what this intent is.
      const intent = await payments.retrieveIntent(body.transactionId);
      if (!intent) throw notFound('Payment');
      if (intent.status !== 'succeeded') {
        throw new ApiError(402, 'payment_failed', 'The payment has not been completed.', { details: { status: intent.status } });
      }
      const mismatch = intentMismatch(intent, application, config.payment);
      if (mismatch) {
        throw new ApiError(400, 'bad_request', 'This payment does not match this application.');
      }
      const recorded = await recordPayment(deps, {
        application,
        intent,
        provider: payments.mode === 'demo' ? 'demo' : 'stripe',
        actor: { id: user.id, email: user.email },
      });
      if (!recorded) throw conflict('This payment is already recorded for another application.');
      if (recorded.payment.transaction_id !== intent.id) throw alreadyPaid(recorded.payment.transaction_id);
      return c.json(
        { message: 'Payment recorded', payment: toPaymentView(recorded.payment), recordedNow: recorded.recordedNow },
        recorded.recordedNow ? 201 : 200,
      );
    },
  )
  .post('/webhooks/stripe', access('POST /webhooks/stripe'), paymentsConfigured, async (c) => {
    const deps = c.var.deps;
    const { db, config, payments, clock } = deps;
    // The signature covers the exact bytes Stripe sent: read them raw, never re-serialise.
    const rawBody = new Uint8Array(await c.req.arrayBuffer());
    const outcome = await payments.readWebhook(rawBody, c.req.header('stripe-signature'), clock());
    if (outcome.kind === 'ignored') return c.json({ received: true, recorded: false }, 200);

    // From here the event is genuine; what it asks may still not be ours to record. Such
    // events are acknowledged (200) so Stripe does not retry them for days, and logged.
    const { intent } = outcome;
    const ignore = (reason: string) => {
      console.warn(`Stripe event ${outcome.eventId} for ${intent.id} not recorded: ${reason}`);
      return c.json({ received: true, recorded: false }, 200);
    };
    if (intent.status !== 'succeeded') return ignore(`status is ${intent.status}`);
    const applicationId = intent.metadata.applicationId;
    if (!applicationId) return ignore('no application in its metadata');
    const application = await db
      .selectFrom('applications')
      .select(['id', 'user_id', 'user_email', 'policy_name'])
      .where('id', '=', applicationId)
      .executeTakeFirst();
    if (!application) return ignore(`application ${applicationId} does not exist`);
    const mismatch = intentMismatch(intent, application, config.payment);
    if (mismatch) return ignore(mismatch);

    const recorded = await recordPayment(deps, {
      application,
      intent,
      provider: 'stripe',
      actor: { id: application.user_id, email: application.user_email },
    });
    if (!recorded || recorded.payment.transaction_id !== intent.id) {
      // A second succeeded intent for an already paid application: money to refund by hand.
      return ignore('the application was already paid by another payment');
    }
    return c.json({ received: true, recorded: recorded.recordedNow }, 200);
  });
