/**
 * /api/webhooks/stripe: Stripe tells us a payment succeeded. The signature is checked on the
 * raw body; a genuine event is recorded exactly once (payments/record-payment.ts).
 */
import { Hono } from 'hono';
import { findApplication } from '../db/applications.ts';
import type { AppEnv } from '../http/env.ts';
import { intentMismatch, recordPayment } from '../payments/record-payment.ts';
import { isRejected, refundUnrecordedIntent } from '../payments/refunds.ts';
import { paymentsConfigured } from '../payments/route-guards.ts';
import { notifyPaymentRefused } from '../notifications/events.ts';
import { dueIdsOfIntent, recordDuesIntent } from '../premiums/online.ts';

export const webhookRoutes = new Hono<AppEnv>()
  .post('/stripe', paymentsConfigured, async (c) => {
    const deps = c.var.deps;
    const { db, config, payments, clock } = deps;
    // The signature covers the exact bytes Stripe sent: read them raw, never re-serialise.
    const rawBody = new Uint8Array(await c.req.arrayBuffer());
    const outcome = await payments.readWebhook(rawBody, c.req.header('stripe-signature'), clock());
    if (outcome.kind === 'ignored') return c.json({ received: true, recorded: false }, 200);
    if (outcome.kind === 'payment_failed') {
      // Admins hear of a refused card once per event, however often Stripe sends it.
      await notifyPaymentRefused(deps, outcome.intent.metadata.applicationId, `stripe-${outcome.eventId}`);
      return c.json({ received: true, recorded: false }, 200);
    }

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
    const application = await findApplication(db, applicationId);
    if (!application) return ignore(`application ${applicationId} does not exist`);
    if (intent.metadata.purpose === 'premium') {
      // Issue 49: dues of a policy in force, those the intent was made for.
      const recorded = await recordDuesIntent(deps, {
        application,
        intent,
        provider: 'stripe',
        method: 'card',
        dueIds: dueIdsOfIntent(intent),
        actor: { id: application.user_id, email: application.user_email },
      });
      if ('refused' in recorded) return ignore(recorded.refused);
      return c.json({ received: true, recorded: recorded.recordedNow }, 200);
    }
    const mismatch = intentMismatch(intent, application, config.payment);
    if (mismatch) return ignore(mismatch);
    const owner = { id: application.user_id, email: application.user_email };
    // Paid with an intent made before the rejection: nothing is recorded, the money goes back.
    const refundRejected = async () => {
      await refundUnrecordedIntent(deps, owner, application.id, intent.id);
      return ignore('the application was rejected; the payment was refunded');
    };
    if (application.status === 'rejected') return refundRejected();

    const recorded = await recordPayment(deps, {
      application,
      intent,
      provider: 'stripe',
      method: 'card',
      actor: owner,
    });
    if (!recorded && (await isRejected(db, application.id))) return refundRejected();
    if (!recorded || recorded.payment.transaction_id !== intent.id) {
      // A second succeeded intent for an already paid application: money to refund by hand.
      return ignore('the application was already paid by another payment');
    }
    return c.json({ received: true, recorded: recorded.recordedNow }, 200);
  });
