/**
 * /api/sslcommerz: bKash, Nagad and local cards through SSLCommerz's hosted checkout. The
 * customer opens a session; the gateway sends the person back to `return/:outcome` and tells
 * us server to server at `ipn`. Both are confirmed with the gateway's validation API before
 * anything is recorded (payments/sslcommerz-provider.ts).
 */
import { Hono, type Context } from 'hono';
import { currentUser } from '../auth/access.ts';
import type { AppDeps, AppEnv } from '../http/env.ts';
import { accountLanguage, languageOrNull, pathInLanguage } from '../http/person-address.ts';
import { ApiError, conflict, notFound } from '../http/errors.ts';
import { validate } from '../http/validation.ts';
import { rejectedCannotPay } from '../payments/refunds.ts';
import { ownApplication } from '../payments/route-guards.ts';
import { hasValidSslcommerzSignature } from '../payments/sslcommerz-sign.ts';
import {
  confirmSslcommerzPayment,
  endSslcommerzSession,
  findSslcommerzSession,
  openSslcommerzSession,
  sslcommerzOf,
  type SslcommerzSession,
} from '../payments/sslcommerz-provider.ts';
import { sslcommerzSessionBody } from '../schemas/payment-choice.ts';

/** The gateway posts a plain form; its fields as strings. */
async function formFields(c: Context<AppEnv>): Promise<Record<string, string>> {
  const body = await c.req.parseBody();
  return Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/**
 * The payment page the person lands on, with the outcome for it to say, in the language they
 * started paying from (else their account's; issue 48): a Bangla customer comes back to Bangla.
 */
async function paymentPage(deps: AppDeps, session: SslcommerzSession | undefined, applicationId: string | undefined, result: string) {
  const path = applicationId ? `/dashboard/payment/${encodeURIComponent(applicationId)}?result=${result}` : `/dashboard/myApplication?result=${result}`;
  const language = session ? (languageOrNull(session.language) ?? (await accountLanguage(deps.db, session.user_id))) : null;
  return pathInLanguage(path, language);
}

export const sslcommerzRoutes = new Hono<AppEnv>()
  .post('/session', validate('json', sslcommerzSessionBody), async (c) => {
    const user = currentUser(c);
    const deps = c.var.deps;
    sslcommerzOf(deps);
    const { applicationId, method, language, dueIds } = c.req.valid('json');
    // Issue 49: dues through SSLCommerz are still to come (docs/premiums-api.md); refused plainly, never taken as the fee.
    if (dueIds) throw new ApiError(422, 'validation_failed', 'Premiums cannot be paid by bKash, Nagad or Rocket yet. Please pay them by card.', { fields: { dueIds: 'Not through SSLCommerz yet' } });
    const application = await ownApplication(deps.db, applicationId, user);
    if (application.payment_status === 'paid') throw conflict('This application has already been paid.', { paymentStatus: 'paid' });
    if (application.status === 'rejected') throw rejectedCannotPay(false);
    const details = await deps.db
      .selectFrom('applications')
      .select(['name', 'address', 'phone'])
      .where('id', '=', application.id)
      .executeTakeFirstOrThrow();
    const opened = await openSslcommerzSession(deps, {
      application: { ...application, ...details },
      user: { id: user.id, email: user.email, name: user.name ?? '' },
      method,
      language: language ?? null,
      origin: new URL(c.req.url).origin,
    });
    return c.json({ gatewayUrl: opened.gatewayUrl, tranId: opened.tranId, amount: deps.config.payment.amountMinor, currency: 'bdt' }, 200);
  })
  .post('/ipn', async (c) => {
    const deps = c.var.deps;
    const { settings } = sslcommerzOf(deps);
    const fields = await formFields(c);
    if (!hasValidSslcommerzSignature(fields, settings.storePassword)) {
      throw new ApiError(400, 'bad_request', 'The notification signature could not be verified.');
    }
    if (!fields.tran_id || !fields.val_id || (fields.status !== 'VALID' && fields.status !== 'VALIDATED')) {
      // A failed or cancelled checkout: nothing to record; the session ends.
      if (fields.tran_id && (fields.status === 'FAILED' || fields.status === 'CANCELLED')) {
        await endSslcommerzSession(deps, fields.tran_id, fields.status === 'FAILED' ? 'failed' : 'cancelled');
      }
      return c.json({ received: true, recorded: false }, 200);
    }
    const outcome = await confirmSslcommerzPayment(deps, { tranId: fields.tran_id, valId: fields.val_id, storeId: fields.store_id });
    if (outcome.kind === 'unknown') return c.json({ received: true, recorded: false, reason: 'unknown transaction' }, 200);
    if (outcome.kind === 'refused') return c.json({ received: true, recorded: false, reason: outcome.reason }, 200);
    return c.json({ received: true, recorded: outcome.recordedNow }, 200);
  })
  .post('/return/:outcome', async (c) => {
    const deps = c.var.deps;
    const outcome = c.req.param('outcome');
    if (outcome !== 'success' && outcome !== 'fail' && outcome !== 'cancel') throw notFound('Payment outcome');
    sslcommerzOf(deps);
    const fields = await formFields(c);
    const tranId = fields.tran_id ?? '';
    if (outcome !== 'success') {
      const session = tranId ? await endSslcommerzSession(deps, tranId, outcome === 'fail' ? 'failed' : 'cancelled') : undefined;
      return c.redirect(await paymentPage(deps, session, session?.application_id, outcome === 'fail' ? 'failed' : 'cancelled'), 303);
    }
    // The person's word is not proof: the same validation as the IPN's.
    const confirmed = fields.val_id ? await confirmSslcommerzPayment(deps, { tranId, valId: fields.val_id }) : null;
    const session = tranId ? await findSslcommerzSession(deps.db, tranId) : undefined;
    if (!confirmed || confirmed.kind === 'unknown') {
      return c.redirect(await paymentPage(deps, session, session?.application_id, 'refused'), 303);
    }
    return c.redirect(await paymentPage(deps, session, confirmed.applicationId, confirmed.kind === 'paid' ? 'paid' : 'refused'), 303);
  });
