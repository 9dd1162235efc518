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
  dueIdsOfSession,
  endSslcommerzSession,
  findSslcommerzSession,
  openSslcommerzSession,
  sslcommerzOf,
  type SslcommerzSession,
} from '../payments/sslcommerz-provider.ts';
import { sslcommerzSessionBody } from '../schemas/payment-choice.ts';
import { chooseDues } from '../premiums/online.ts';

/** The gateway posts a plain form; its fields as strings. */
async function formFields(c: Context<AppEnv>): Promise<Record<string, string>> {
  const body = await c.req.parseBody();
  return Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/**
 * The page the person lands on, with the outcome for it to say, in the language they started
 * paying from (else their account's; issue 48): a Bangla customer comes back to Bangla. The
 * application fee's payment page, or for dues (issue 49) the policy's premiums page.
 */
async function paymentPage(deps: AppDeps, session: SslcommerzSession | undefined, applicationId: string | undefined, result: string) {
  const page = session && dueIdsOfSession(session) ? 'premiums' : 'payment';
  const path = applicationId ? `/dashboard/${page}/${encodeURIComponent(applicationId)}?result=${result}` : `/dashboard/myApplication?result=${result}`;
  const language = session ? (languageOrNull(session.language) ?? (await accountLanguage(deps.db, session.user_id))) : null;
  return pathInLanguage(path, language);
}

export const sslcommerzRoutes = new Hono<AppEnv>()
  .post('/session', validate('json', sslcommerzSessionBody), async (c) => {
    const user = currentUser(c);
    const deps = c.var.deps;
    sslcommerzOf(deps);
    const { applicationId, method, language, dueIds } = c.req.valid('json');
    const origin = new URL(c.req.url).origin;
    if (dueIds) {
      // Issue 49: premiums of a policy in force, checked as Stripe's and the demo's are; the amount the server's sum of those dues.
      const chosen = await chooseDues(deps, user, applicationId, dueIds);
      const opened = await openSslcommerzSession(deps, {
        application: chosen.application,
        user: { id: user.id, email: user.email, name: user.name ?? '' },
        method,
        language: language ?? null,
        origin,
        dues: { dueIds: chosen.dues.map((due) => due.id), amountMinor: chosen.amountMinor },
      });
      return c.json({ gatewayUrl: opened.gatewayUrl, tranId: opened.tranId, amount: chosen.amountMinor, currency: 'bdt', dueIds: chosen.dues.map((due) => due.id) }, 200);
    }
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
      origin,
    });
    return c.json({ gatewayUrl: opened.gatewayUrl, tranId: opened.tranId, amount: deps.config.payment.amountMinor, currency: 'bdt', dueIds: null }, 200);
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
    if (!confirmed || confirmed.kind === 'unknown') {
      const session = tranId ? await findSslcommerzSession(deps.db, tranId) : undefined;
      return c.redirect(await paymentPage(deps, session, session?.application_id, 'refused'), 303);
    }
    return c.redirect(await paymentPage(deps, confirmed.session, confirmed.applicationId, confirmed.kind === 'paid' ? 'paid' : 'refused'), 303);
  });
