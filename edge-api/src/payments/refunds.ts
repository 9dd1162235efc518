/**
 * Money follows the decision (docs/security.md): an application that ends rejected keeps no
 * money. A paid one is refunded through the provider (Stripe's Refunds API; the demo records a
 * demo refund), its payment is marked refunded (shown as such, no longer income), the
 * application goes back to unpaid, and the audit log names who rejected it and the refund.
 * A refund the provider could not make now is retried by the hourly housekeeping.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { AppDeps } from '../http/env.ts';
import type { AppConfig } from '../http/config.ts';
import { conflict } from '../http/errors.ts';
import { auditAfterChange, auditBeforeChange, type AuditActor } from '../db/audit-log.ts';
import { notifyOwner } from '../notifications/events.ts';
import type { ProviderRefund } from './provider.ts';
import { refundSslcommerzPayment } from './sslcommerz-provider.ts';

type Deps = Pick<AppDeps, 'db' | 'batch' | 'clock' | 'payments' | 'sslcommerz'> & { config: Partial<Pick<AppConfig, 'payment'>> };

/** Back through the provider that took the money (its refund is keyed, so asking twice refunds once). */
function refundThrough(deps: Deps, payment: { provider: string; transaction_id: string; amount_minor: number }): Promise<ProviderRefund> {
  if (payment.provider === 'sslcommerz') return refundSslcommerzPayment(deps, payment.transaction_id, payment.amount_minor);
  return deps.payments.refundIntent(payment.transaction_id, `refund-${payment.transaction_id}`);
}

/** Refunds the recorded payment of a rejected application, if it has one not yet refunded. */
export async function refundRejectedPayment(deps: Deps, actor: AuditActor | null, applicationId: string): Promise<boolean> {
  const { db } = deps;
  const payment = await db
    .selectFrom('payments')
    .innerJoin('applications', 'applications.id', 'payments.application_id')
    .select(['payments.id', 'payments.transaction_id', 'payments.provider', 'payments.amount_minor'])
    .where('payments.application_id', '=', applicationId)
    .where('applications.status', '=', 'rejected')
    .where('payments.refunded_at', 'is', null)
    .executeTakeFirst();
  if (!payment) return false;
  // Keyed by the intent: however often this runs, the provider makes one refund.
  const refund = await refundThrough(deps, payment);
  const at = deps.clock().toISOString();
  await deps.batch([
    // The customer hears of it once: only while the payment is not yet marked refunded.
    ...notifyOwner(db, 'payment.refunded', applicationId, at, sql`id = ${applicationId} AND EXISTS (SELECT 1 FROM payments WHERE payments.id = ${payment.id} AND payments.refunded_at IS NULL)`),
    db.updateTable('payments').set({ refunded_at: at, refund_id: refund.id }).where('id', '=', payment.id).where('refunded_at', 'is', null).compile(),
    auditAfterChange(db, { actor, action: 'payment.refund', entity: 'applications', entityId: applicationId, from: 'paid', to: `refunded (${refund.id})`, at }),
    // The receipt stays, marked refunded (the customer sees "Refunded").
    db.updateTable('applications').set({ payment_status: 'unpaid', refunded_at: at }).where('id', '=', applicationId).where('payment_status', '=', 'paid').compile(),
  ]);
  return true;
}

/**
 * A succeeded intent for an application rejected before the payment could be recorded (paid
 * with an intent made before the rejection): nothing is recorded as paid, the money goes back.
 */
export async function refundUnrecordedIntent(deps: Deps, actor: AuditActor | null, applicationId: string, intentId: string): Promise<void> {
  const refund = await deps.payments.refundIntent(intentId, `refund-${intentId}`);
  const to = `refunded (${refund.id})`;
  // Audited (and the customer told) once per refund, however many confirmations of the intent arrive.
  const once = sql`id = ${applicationId} AND NOT EXISTS (SELECT 1 FROM audit_log WHERE action = 'payment.refund' AND entity_id = ${applicationId} AND to_value = ${to})`;
  await deps.batch([
    ...notifyOwner(deps.db, 'payment.refunded', applicationId, deps.clock().toISOString(), once),
    auditBeforeChange(
      deps.db,
      { actor, action: 'payment.refund', entity: 'applications', entityId: applicationId, from: sql`'paid after rejection'`, to, at: deps.clock().toISOString() },
      'applications',
      once,
    ),
  ]);
}

/** After a rejection: the refund is made now (true); if the provider fails, housekeeping retries it. */
export async function refundAfterRejection(deps: Deps, actor: AuditActor | null, applicationId: string): Promise<boolean> {
  try {
    return await refundRejectedPayment(deps, actor, applicationId);
  } catch (error) {
    console.error(`Refund of rejected application ${applicationId} failed; it will be retried:`, error);
    return false;
  }
}

/** Housekeeping: rejected applications whose payment is not refunded yet. */
export async function retryRefunds(deps: Deps): Promise<void> {
  const rows = await deps.db
    .selectFrom('payments')
    .innerJoin('applications', 'applications.id', 'payments.application_id')
    .select('payments.application_id')
    .where('applications.status', '=', 'rejected')
    .where('payments.refunded_at', 'is', null)
    .limit(20)
    .execute();
  for (const row of rows) await refundAfterRejection(deps, null, row.application_id);
}

const rejectedMessage = 'This application was rejected and cannot be paid.';

/** The 409 of paying a rejected application; `refunded` when money had been taken and was given back. */
export const rejectedCannotPay = (refunded: boolean) =>
  conflict(refunded ? `${rejectedMessage} Your payment has been refunded.` : rejectedMessage, { status: 'rejected', refunded });

export const isRejected = async (db: Kysely<Database>, id: string) =>
  (await db.selectFrom('applications').select('status').where('id', '=', id).executeTakeFirst())?.status === 'rejected';
