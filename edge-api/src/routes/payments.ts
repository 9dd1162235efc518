/**
 * /api/payments: the customer's side of a card payment after the intent (the demo card form's
 * confirmation, and recording a payment the provider confirms), and the admin's transactions (the
 * spec's bounded unpaged list, and the paged report with its summary).
 */
import { Hono } from 'hono';
import { currentUser } from '../auth/access.ts';
import type { AppEnv } from '../http/env.ts';
import { ApiError, conflict, forbidden, notFound } from '../http/errors.ts';
import { paymentOfApplication } from '../db/payments.ts';
import { newestTransactions, paymentFilters, paymentReport, paymentReportQuery } from '../lists/payment-report.ts';
import { intentMismatch, recordPayment, toPaymentView } from '../payments/record-payment.ts';
import { isRejected, refundUnrecordedIntent, rejectedCannotPay } from '../payments/refunds.ts';
import { alreadyPaid, demoConfirmBody, ownApplication, paymentsConfigured, savePaymentBody } from '../payments/route-guards.ts';
import { validate } from '../http/validation.ts';
import { findApplication } from '../db/applications.ts';
import { recordDuesIntent } from '../premiums/online.ts';
import { toReceiptView } from '../premiums/view.ts';
import { notifyPaymentRefused } from '../notifications/events.ts';

/** The spec's unpaged list keeps a bounded default page: the newest payments first. */
const unpagedLimit = 500;

export const paymentRoutes = new Hono<AppEnv>()
  .post(
    '/demo/confirm',
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
      const confirmed = await payments.confirmDemoCard(paymentIntentId, cardNumber, clock()).catch(async (error: unknown) => {
        // The provider said no (a declined card): admins hear of it (issue 28).
        if (error instanceof ApiError && error.status === 402) await notifyPaymentRefused(c.var.deps, intent.metadata.applicationId);
        throw error;
      });
      return c.json({ paymentIntentId: confirmed.id, status: confirmed.status }, 200);
    },
  )
  .post(
    '/save',
    paymentsConfigured,
    validate('json', savePaymentBody),
    async (c) => {
      const user = currentUser(c);
      const deps = c.var.deps;
      const { db, config, payments } = deps;
      const body = c.req.valid('json');
      const actor = { id: user.id, email: user.email };
      if (body.dueIds) {
        // Issue 49: dues of a policy in force, recorded once from the provider's own word.
        const row = await findApplication(db, body.applicationId);
        if (!row) throw notFound('Application');
        if (row.user_id !== user.id) throw forbidden('You can only pay for your own policies.');
        const intent = await payments.retrieveIntent(body.transactionId);
        if (!intent) throw notFound('Payment');
        if (intent.status !== 'succeeded') {
          throw new ApiError(402, 'payment_failed', 'The payment has not been completed.', { details: { status: intent.status } });
        }
        const recorded = await recordDuesIntent(deps, {
          application: row,
          intent,
          provider: payments.mode === 'demo' ? 'demo' : 'stripe',
          method: payments.mode === 'demo' ? 'demo' : 'card',
          dueIds: body.dueIds,
          actor,
        });
        if ('refused' in recorded) throw new ApiError(409, 'conflict', `This payment cannot pay these dues: ${recorded.refused}.`);
        return c.json(
          { message: 'Payment recorded', receipt: toReceiptView(recorded.receipt), recordedNow: recorded.recordedNow },
          recorded.recordedNow ? 201 : 200,
        );
      }
      const application = await ownApplication(db, body.applicationId, user);
      // Paid with an intent made before the rejection: nothing is recorded, the money goes back.
      const refuseRejected = async () => {
        const intent = await payments.retrieveIntent(body.transactionId);
        const charged = intent?.status === 'succeeded' && intent.metadata.applicationId === application.id;
        if (charged) await refundUnrecordedIntent(deps, actor, application.id, intent.id);
        return rejectedCannotPay(charged);
      };
      if (application.status === 'rejected') throw await refuseRejected();

      const existing = await paymentOfApplication(db, application.id);
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
        method: payments.mode === 'demo' ? 'demo' : 'card',
        actor,
      });
      if (!recorded && (await isRejected(db, application.id))) throw await refuseRejected();
      if (!recorded) throw conflict('This payment is already recorded for another application.');
      if (recorded.payment.transaction_id !== intent.id) throw alreadyPaid(recorded.payment.transaction_id);
      return c.json(
        { message: 'Payment recorded', payment: toPaymentView(recorded.payment), recordedNow: recorded.recordedNow },
        recorded.recordedNow ? 201 : 200,
      );
    },
  )
  .get('/all', validate('query', paymentFilters), async (c) => {
    return c.json(await newestTransactions(c.var.deps.db, c.req.valid('query'), unpagedLimit), 200);
  })
  .get('/report', validate('query', paymentReportQuery), async (c) => {
    return c.json(await paymentReport(c.var.deps.db, c.req.valid('query')), 200);
  });
