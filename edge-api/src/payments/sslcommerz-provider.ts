/**
 * SSLCommerz (bKash, Nagad, Rocket, local cards, in BDT): a hosted checkout. The server opens
 * a session for one application at the server's price under our own transaction id; the person
 * pays on the gateway's page and comes back to a success, fail or cancel address, while the
 * gateway also notifies us server to server (IPN). Neither is believed: the payment is recorded
 * only after the validation API confirms it and its amount, currency, transaction id and store
 * match our session, exactly once however many returns and notifications arrive
 * (payments/record-payment.ts).
 */
import type { Kysely, Selectable } from 'kysely';
import type { AppDeps } from '../http/env.ts';
import type { AppConfig, SslcommerzMethod, SslcommerzSettings } from '../http/config.ts';
import { ApiError } from '../http/errors.ts';
import type { Database } from '../db/schema.ts';
import { auditAfterChange } from '../db/audit-log.ts';
import { recordPayment } from './record-payment.ts';
import { findApplication } from '../db/applications.ts';
import { recordDuesIntent, seqRangeOf } from '../premiums/online.ts';
import type { ProviderRefund } from './provider.ts';
import type { SslcommerzGateway, ValidationAnswer } from './sslcommerz-gateway.ts';

type Deps = Pick<AppDeps, 'db' | 'batch' | 'clock' | 'sslcommerz' | 'config'>;
/** Refunds come from commands whose configuration may hold no payment settings (the seed). */
type GatewayDeps = Pick<AppDeps, 'sslcommerz'> & { config: Partial<Pick<AppConfig, 'payment'>> };
export type SslcommerzSession = Selectable<Database['sslcommerz_sessions']>;

export const sslcommerzNotConfigured = () => new ApiError(503, 'payment_failed', 'bKash, Nagad and local card payments are not configured.');
const gatewayUnavailable = () => new ApiError(502, 'payment_failed', 'The payment gateway could not be reached. Please try again.');

/** The configured gateway and its settings, or 503. */
export function sslcommerzOf(deps: GatewayDeps): { gateway: SslcommerzGateway; settings: SslcommerzSettings } {
  const settings = deps.config.payment?.sslcommerz;
  if (!settings || !deps.sslcommerz) throw sslcommerzNotConfigured();
  return { gateway: deps.sslcommerz, settings };
}

/** 5000 poisha -> "50.00": the gateway takes taka with two decimals. */
export const poishaToTaka = (poisha: number) => `${Math.trunc(poisha / 100)}.${String(poisha % 100).padStart(2, '0')}`;

/** "50.00" -> 5000; NaN for anything that is not an amount. */
export function takaToPoisha(text: string | undefined): number {
  if (!text || !/^\d+(\.\d{1,2})?$/.test(text.trim())) return Number.NaN;
  const [whole = '0', fraction = ''] = text.trim().split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Which of the gateway's groups a method opens on its page (its `multi_card_name`). */
const gatewayChoice: Record<SslcommerzMethod, string> = {
  bkash: 'bkash',
  nagad: 'nagad',
  rocket: 'dbblmobilebanking',
  card: 'visacard,mastercard,amexcard,othercard',
};

/** How the person paid, from the validation's `card_type` ("BKASH-BKash", "NAGAD-Nagad", "VISA-Dutch Bangla"). */
export function methodOfCardType(cardType: string | undefined): string {
  const kind = (cardType ?? '').toUpperCase();
  if (kind.startsWith('BKASH')) return 'bkash';
  if (kind.startsWith('NAGAD')) return 'nagad';
  if (kind.startsWith('DBBLMOBILEB') || kind.startsWith('ROCKET')) return 'rocket';
  return 'card';
}

const randomHex = (bytes: number) => Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');

export interface OpenedSession {
  tranId: string;
  gatewayUrl: string;
}

/** Opens a checkout for one unpaid application of `user` at the server's price. */
export async function openSslcommerzSession(
  deps: Deps,
  input: {
    application: { id: string; policy_name: string; name?: string; user_email: string; address?: string; phone?: string | null };
    user: { id: string; email: string; name: string };
    method: SslcommerzMethod;
    /** The page's language the payment starts from: the person comes back to it (issue 48). */
    language?: 'en' | 'bn' | null;
    /** The origin the gateway sends the person and its notifications back to. */
    origin: string;
    /** Issue 49: premium dues of a policy in force (checked by premiums/online.ts chooseDues) at their sum; absent: the application fee. */
    dues?: { dueIds: readonly string[]; amountMinor: number };
  },
): Promise<OpenedSession> {
  const { gateway, settings } = sslcommerzOf(deps);
  if (!settings.methods.includes(input.method)) throw new ApiError(400, 'bad_request', 'That way of paying is not offered.');
  const { currency } = deps.config.payment;
  const amountMinor = input.dues?.amountMinor ?? deps.config.payment.amountMinor;
  if (!input.dues && currency !== 'bdt') throw new ApiError(503, 'payment_failed', 'SSLCommerz takes payments in taka only.');
  const tranId = `ins_${randomHex(12)}`;
  await deps.db
    .insertInto('sslcommerz_sessions')
    .values({
      tran_id: tranId,
      application_id: input.application.id,
      user_id: input.user.id,
      amount_minor: amountMinor,
      currency: 'BDT',
      method: input.method,
      language: input.language ?? null,
      due_ids: input.dues ? JSON.stringify(input.dues.dueIds) : null,
      created_at: deps.clock().toISOString(),
    })
    .execute();
  const back = `${settings.publicOrigin ?? input.origin}/api/sslcommerz`;
  let answer;
  try {
    answer = await gateway.openSession({
      tran_id: tranId,
      total_amount: poishaToTaka(amountMinor),
      currency: 'BDT',
      success_url: `${back}/return/success`,
      fail_url: `${back}/return/fail`,
      cancel_url: `${back}/return/cancel`,
      ipn_url: `${back}/ipn`,
      multi_card_name: gatewayChoice[input.method],
      cus_name: input.user.name || input.application.name || input.user.email,
      cus_email: input.user.email,
      cus_add1: input.application.address || 'Bangladesh',
      cus_city: 'Dhaka',
      cus_country: 'Bangladesh',
      cus_phone: input.application.phone || '01700000000',
      shipping_method: 'NO',
      num_of_item: '1',
      product_name: `${input.dues ? 'Premiums: ' : ''}${input.application.policy_name}`.slice(0, 255),
      product_category: 'Insurance',
      product_profile: 'non-physical-goods',
      value_a: input.application.id,
    });
  } catch (error) {
    console.error('SSLCommerz session request failed:', error);
    throw gatewayUnavailable();
  }
  if (answer.status !== 'SUCCESS' || !answer.GatewayPageURL) {
    console.error(`SSLCommerz refused the session ${tranId}: ${answer.failedreason ?? answer.status ?? 'no answer'}`);
    throw gatewayUnavailable();
  }
  return { tranId, gatewayUrl: answer.GatewayPageURL };
}

export type Confirmation =
  | { kind: 'paid'; applicationId: string; recordedNow: boolean; session: SslcommerzSession }
  | { kind: 'refused'; applicationId: string; reason: string; session: SslcommerzSession }
  | { kind: 'unknown' };

/** The dues a session pays (issue 49), or null: it pays the application fee. */
export function dueIdsOfSession(session: Pick<SslcommerzSession, 'due_ids'>): string[] | null {
  if (!session.due_ids) return null;
  const parsed: unknown = JSON.parse(session.due_ids);
  return Array.isArray(parsed) && parsed.every((id) => typeof id === 'string') && parsed.length > 0 ? parsed : null;
}

export const findSslcommerzSession = (db: Kysely<Database>, tranId: string) =>
  db.selectFrom('sslcommerz_sessions').selectAll().where('tran_id', '=', tranId).executeTakeFirst();

/**
 * Why a validation answer cannot pay for `session`, or null when it can. `reportedStore` is
 * the store the notification named (signed), checked with the answer's own when it has one.
 */
export function validationMismatch(answer: ValidationAnswer, session: SslcommerzSession, storeId: string, reportedStore?: string): string | null {
  if (answer.status !== 'VALID' && answer.status !== 'VALIDATED') return `the gateway's validation answered ${answer.status ?? 'nothing'}`;
  if (answer.tran_id !== session.tran_id) return `its transaction ${answer.tran_id ?? '(none)'} is not ours (${session.tran_id})`;
  for (const store of [answer.store_id, reportedStore]) {
    if (store !== undefined && store !== storeId) return `it was paid to another store (${store})`;
  }
  const currency = (answer.currency_type ?? answer.currency ?? '').toUpperCase();
  if (currency !== session.currency.toUpperCase()) return `its currency ${currency || '(none)'} is not ${session.currency}`;
  const amount = takaToPoisha(answer.currency_amount ?? answer.amount);
  if (amount !== session.amount_minor) return `its amount ${answer.currency_amount ?? answer.amount ?? '(none)'} is not ${poishaToTaka(session.amount_minor)}`;
  if (answer.risk_level === '1') return `the gateway flagged it as risky (${answer.risk_title ?? 'no reason given'})`;
  return null;
}

/** A session that ends without money: refused (with the reason, audited once), failed or cancelled. */
async function closeSession(deps: Deps, session: SslcommerzSession, status: 'refused' | 'failed' | 'cancelled', reason: string | null) {
  const at = deps.clock().toISOString();
  await deps.batch([
    deps.db
      .updateTable('sslcommerz_sessions')
      .set({ status, reason })
      .where('tran_id', '=', session.tran_id)
      .where('status', '=', 'open')
      .compile(),
    auditAfterChange(deps.db, {
      actor: null,
      action: status === 'refused' ? 'payment.refused' : `payment.${status}`,
      entity: 'applications',
      entityId: session.application_id,
      from: `sslcommerz ${session.tran_id}`,
      to: reason ?? status,
      at,
    }),
  ]);
}

/** The person came back through the fail or cancel address: the session ends, nothing is paid. */
export async function endSslcommerzSession(deps: Deps, tranId: string, status: 'failed' | 'cancelled'): Promise<SslcommerzSession | undefined> {
  const session = await findSslcommerzSession(deps.db, tranId);
  if (session) await closeSession(deps, session, status, null);
  return session;
}

/**
 * Confirms a payment the gateway reported (IPN or return) with its validation API, then
 * records it once. A refused one leaves the application unpaid, with the reason audited.
 */
export async function confirmSslcommerzPayment(deps: Deps, report: { tranId: string; valId: string; storeId?: string }): Promise<Confirmation> {
  const { gateway, settings } = sslcommerzOf(deps);
  const session = await findSslcommerzSession(deps.db, report.tranId);
  if (!session) return { kind: 'unknown' };
  let answer: ValidationAnswer;
  try {
    answer = await gateway.validate(report.valId);
  } catch (error) {
    console.error(`SSLCommerz validation of ${report.tranId} failed:`, error);
    throw gatewayUnavailable();
  }
  const refuse = async (reason: string): Promise<Confirmation> => {
    console.warn(`SSLCommerz payment ${session.tran_id} refused: ${reason}`);
    await closeSession(deps, session, 'refused', reason);
    return { kind: 'refused', applicationId: session.application_id, reason, session };
  };
  const mismatch = validationMismatch(answer, session, settings.storeId, report.storeId);
  if (mismatch) return refuse(mismatch);
  const transactionId = answer.bank_tran_id || answer.val_id || report.valId;
  const dueIds = dueIdsOfSession(session);
  if (dueIds) {
    const recorded = await recordSessionDues(deps, session, dueIds, transactionId, methodOfCardType(answer.card_type));
    if ('refused' in recorded) {
      // Confirmed money that pays nothing (a due paid meanwhile by another payment): it goes back at once.
      await refundSslcommerzPayment(deps, transactionId, session.amount_minor, 'Premium dues already paid').catch((error: unknown) =>
        console.error(`Refund of ${transactionId} failed:`, error),
      );
      return refuse(`${recorded.refused}; this payment was refunded`);
    }
    await markSessionPaid(deps, session);
    return { kind: 'paid', applicationId: session.application_id, recordedNow: recorded.recordedNow, session };
  }

  const application = await deps.db
    .selectFrom('applications')
    .select(['id', 'user_id', 'user_email', 'policy_name', 'status'])
    .where('id', '=', session.application_id)
    .executeTakeFirst();
  if (!application) return refuse('its application no longer exists');
  const intent = confirmedIntent(session, transactionId, { applicationId: application.id, userId: application.user_id });
  const owner = { id: application.user_id, email: application.user_email };
  const recorded = await recordPayment(deps, { application, intent, provider: 'sslcommerz', method: methodOfCardType(answer.card_type), actor: owner });
  if (!recorded || recorded.payment.transaction_id !== transactionId) {
    // Rejected meanwhile, or already paid by another payment: this money goes back at once.
    const again = await deps.db.selectFrom('payments').select('id').where('transaction_id', '=', transactionId).executeTakeFirst();
    if (!again) {
      await refundSslcommerzPayment(deps, transactionId, session.amount_minor).catch((error: unknown) => console.error(`Refund of ${transactionId} failed:`, error));
      return refuse(recorded ? 'the application was already paid; this payment was refunded' : 'the application was rejected; this payment was refunded');
    }
  }
  await markSessionPaid(deps, session);
  return { kind: 'paid', applicationId: application.id, recordedNow: recorded?.recordedNow ?? false, session };
}

/** A session the gateway confirmed, as the payment records take a provider's intent: the amount it confirmed, in taka. */
const confirmedIntent = (session: SslcommerzSession, transactionId: string, metadata: Record<string, string>) => ({
  id: transactionId,
  clientSecret: null,
  amountMinor: session.amount_minor,
  currency: 'bdt',
  status: 'succeeded',
  metadata,
});

const markSessionPaid = (deps: Deps, session: SslcommerzSession) =>
  deps.db.updateTable('sslcommerz_sessions').set({ status: 'paid' }).where('tran_id', '=', session.tran_id).execute();

/**
 * A confirmed session's dues, recorded once through the same path as Stripe's and the demo's
 * (premiums/online.ts): the session's amount is what the gateway confirmed, and must still be
 * those dues' sum; the IPN and the return racing each other find one receipt.
 */
async function recordSessionDues(deps: Deps, session: SslcommerzSession, dueIds: string[], transactionId: string, method: string) {
  const application = await findApplication(deps.db, session.application_id);
  if (!application) return { refused: 'its application no longer exists' };
  const intent = confirmedIntent(session, transactionId, { applicationId: application.id, userId: session.user_id, purpose: 'premium', dueSeqs: seqRangeOf(dueIds) });
  return recordDuesIntent(deps, {
    application,
    intent,
    provider: 'sslcommerz',
    method,
    dueIds,
    actor: { id: application.user_id, email: application.user_email },
  });
}

/** Gives a whole payment back through the refund API; the same payment asked twice refunds once. */
export async function refundSslcommerzPayment(deps: GatewayDeps, bankTranId: string, amountMinor: number, remarks = 'Application rejected'): Promise<ProviderRefund> {
  const { gateway } = sslcommerzOf(deps);
  const answer = await gateway.refund({
    bankTranId,
    refundAmount: poishaToTaka(amountMinor),
    remarks,
    referenceId: `refund-${bankTranId}`.slice(0, 50),
  });
  if (answer.APIConnect !== 'DONE' || (answer.status !== 'success' && answer.status !== 'processing')) {
    throw new Error(`SSLCommerz refused the refund of ${bankTranId}: ${answer.errorReason ?? answer.status ?? answer.APIConnect ?? 'no answer'}`);
  }
  return { id: answer.refund_ref_id ?? `refund-${bankTranId}`, status: answer.status === 'success' ? 'succeeded' : 'pending' };
}
