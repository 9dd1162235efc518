/**
 * The one way an application becomes paid, shared by the Stripe webhook and by
 * `POST /payments/save`: check the provider's intent against the application and the
 * configured price, then record it exactly once, however often and however concurrently
 * the confirmation arrives.
 */
import { sql, type Selectable } from 'kysely';
import type { AppDeps } from '../http/env.ts';
import { paymentOfApplication, type PaymentRow } from '../db/payments.ts';
import type { ApplicationRow } from '../db/schema.ts';
import { auditAfterChange } from '../db/audit-log.ts';
import { notifyOwner } from '../notifications/events.ts';
import type { ProviderIntent } from './provider.ts';

/** Who took the money: the provider a refund must go back through (payments/refunds.ts). */
export type PaymentProviderName = 'stripe' | 'demo' | 'sslcommerz';

/** "RC-20261125-7F3A9C21": the day, then 32 random bits; unique in the ledger (migration 0170). */
export function newReceiptNumber(at: Date): string {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(4)), (b) => b.toString(16).padStart(2, '0')).join('');
  return `RC-${at.toISOString().slice(0, 10).replace(/-/g, '')}-${random.toUpperCase()}`;
}

export type { PaymentRow };
export type PayableApplication = Pick<Selectable<ApplicationRow>, 'id' | 'user_id' | 'user_email' | 'policy_name'>;

/**
 * Why an intent cannot pay for an application, or null when it can. The amount and currency
 * are the server's, never the client's; the metadata ties the intent to this application
 * and its owner, so a succeeded intent cannot be reused for another application.
 */
export function intentMismatch(
  intent: ProviderIntent,
  application: PayableApplication,
  price: { amountMinor: number; currency: string },
): string | null {
  if (intent.metadata.applicationId !== application.id) return 'it was made for another application';
  if (intent.metadata.userId !== application.user_id) return 'it was made for another customer';
  if (intent.amountMinor !== price.amountMinor) return `its amount ${intent.amountMinor} is not the price ${price.amountMinor}`;
  if (intent.currency.toLowerCase() !== price.currency.toLowerCase()) return `its currency ${intent.currency} is not ${price.currency}`;
  return null;
}

export interface RecordedPayment {
  payment: PaymentRow;
  /** True for the one call that marked the application paid; false for every replay. */
  recordedNow: boolean;
}

/**
 * One atomic batch: the payment row (unique per application and per transaction, so a
 * second insert does nothing), the application's unpaid -> paid transition only if that
 * very payment row exists, and an audit row only if the transition happened (`changes()`
 * is the row count of the statement just before it). Returns the payment the application
 * ends up with, which may be an earlier one.
 */
export async function recordPayment(
  deps: Pick<AppDeps, 'db' | 'batch' | 'clock'>,
  input: {
    application: PayableApplication;
    intent: ProviderIntent;
    provider: PaymentProviderName;
    /** How the person paid, for the receipt: bkash, nagad, rocket, card or demo. */
    method: string;
    /** Who the audit names: the paying customer, whichever confirmation arrives first. */
    actor: { id: string; email: string };
  },
): Promise<RecordedPayment | null> {
  const { db, batch, clock } = deps;
  const { application, intent, actor } = input;
  const paidAt = clock().toISOString();
  const receiptNumber = newReceiptNumber(clock());

  // Only while the application is not rejected: money never follows a refusal (payments/refunds.ts).
  const insertPayment = sql`insert into payments
      (id, application_id, transaction_id, provider, email, policy_name, amount_minor, currency, paid_at, method, receipt_number)
    select ${crypto.randomUUID()}, ${application.id}, ${intent.id}, ${input.provider}, ${application.user_email},
      ${application.policy_name}, ${intent.amountMinor}, ${intent.currency.toLowerCase()}, ${paidAt}, ${input.method}, ${receiptNumber}
    where exists (select 1 from applications where id = ${application.id} and status <> 'rejected')
    on conflict do nothing`.compile(db);

  const markPaid = db
    .updateTable('applications')
    // The receipt's copy travels with the application (migration 0170); the policy number and
    // the certificate's code are given once and kept (a 128-bit code from SQLite's CSPRNG).
    .set((eb) => ({
      payment_status: 'paid',
      receipt_number: eb.selectFrom('payments').select('receipt_number').where('payments.application_id', '=', application.id),
      paid_amount_minor: intent.amountMinor,
      paid_currency: intent.currency.toLowerCase(),
      paid_method: input.method,
      paid_provider: input.provider,
      paid_transaction_id: intent.id,
      paid_at: paidAt,
      refunded_at: null,
      policy_number: sql<string>`coalesce(policy_number, 'BD-' || upper(hex(randomblob(5))))`,
      verify_code: sql<string>`coalesce(verify_code, lower(hex(randomblob(16))))`,
    }))
    .where('id', '=', application.id)
    .where('payment_status', '=', 'unpaid')
    .where('status', '<>', 'rejected')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('payments')
          .select(sql.lit(1).as('one'))
          .where('payments.application_id', '=', application.id)
          .where('payments.transaction_id', '=', intent.id),
      ),
    )
    // The returned row, not the driver's row count, says whether it happened: D1 counts the
    // sync triggers' writes too (3 for one row here), SQL's changes() and RETURNING do not.
    .returning('id')
    .compile();

  // Right after the transition: written only if it changed the row (see lib/audit.ts).
  const audit = auditAfterChange(db, {
    actor,
    action: 'application.pay',
    entity: 'applications',
    entityId: application.id,
    from: 'unpaid',
    to: 'paid',
    at: paidAt,
  });

  // The customer's 'payment confirmed', with markPaid's own condition, right before it.
  const notices = notifyOwner(
    db,
    'payment.confirmed',
    application.id,
    paidAt,
    sql`id = ${application.id} AND payment_status = 'unpaid' AND status <> 'rejected'
      AND EXISTS (SELECT 1 FROM payments WHERE payments.application_id = ${application.id} AND payments.transaction_id = ${intent.id})`,
  );
  const [, , , marked] = await batch([insertPayment, ...notices, markPaid, audit]);

  const payment = await paymentOfApplication(db, application.id);
  if (!payment) return null;
  return { payment, recordedNow: marked?.rows.length === 1 };
}

/** The payment as the API shows it (camelCase, amount in the smallest currency unit). */
export function toPaymentView(row: PaymentRow) {
  return {
    id: row.id,
    applicationId: row.application_id,
    transactionId: row.transaction_id,
    provider: row.provider,
    email: row.email,
    policyName: row.policy_name,
    amountMinor: row.amount_minor,
    currency: row.currency,
    paidAt: row.paid_at,
    refundedAt: row.refunded_at,
    method: row.method,
    receiptNumber: row.receipt_number,
  };
}
