/**
 * The one way dues become paid (issue 49): online (a provider's confirmed transaction) or in
 * cash in the field (an agent's Idempotency-Key). One atomic batch: the receipt, only if every
 * one of its dues is still unpaid and their sum is its amount; the dues marked paid by that very
 * receipt; the holder's 'premium_paid' notice; the audit row (a revival says so); and a touch of
 * the application so the sync carries the paid dues to every phone that holds it.
 */
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import type { AppDeps } from '../http/env.ts';
import type { Database } from '../db/schema.ts';
import { auditAfterChange, type AuditActor } from '../db/audit-log.ts';
import { notifyOwner } from '../notifications/events.ts';
import { newReceiptNumber } from '../payments/record-payment.ts';
import type { PremiumReceiptRow } from '../db/premium-rows.ts';

export interface DuesPayment {
  applicationId: string;
  dueIds: readonly string[];
  amountMinor: number;
  provider: PremiumReceiptRow['provider'];
  method: string;
  /** The provider's transaction, or `<agent id>:<Idempotency-Key>` for cash in the field. */
  transactionId: string;
  /** Whoever the audit names: the customer paying, or the agent collecting. */
  actor: AuditActor;
  /** The policy was lapsed when this payment of its arrears was accepted. */
  revives: boolean;
  receiptNumber?: string;
  collectedBy?: string | null;
  collectedAt?: string | null;
  /** The demo seed's history: no notice to the holder for each past due. */
  quiet?: boolean;
}

/** The receipt of one provider transaction, if recorded. */
export const receiptOfTransaction = (db: Kysely<Database>, provider: PremiumReceiptRow['provider'], transactionId: string) =>
  db.selectFrom('premium_receipts').selectAll().where('provider', '=', provider).where('transaction_id', '=', transactionId).executeTakeFirst();

/**
 * Records the payment unless its transaction already was; returns the receipt of the
 * transaction (this one's or an earlier one's) and whether this call recorded it, or null when
 * nothing was recorded (a due was paid meanwhile by another payment).
 */
export async function recordDuesPayment(
  deps: Pick<AppDeps, 'db' | 'batch' | 'clock'>,
  payment: DuesPayment,
  options: { onConflict: 'ignore' | 'fail' } = { onConflict: 'ignore' },
): Promise<{ receipt: PremiumReceiptRow; recordedNow: boolean } | null> {
  const { db, batch, clock } = deps;
  const now = clock();
  const paidAt = now.toISOString();
  const receiptId = crypto.randomUUID();
  const dueIds = JSON.stringify(payment.dueIds);
  const chosen = sql`(SELECT value FROM json_each(${dueIds}))`;
  const statements: CompiledQuery[] = [
    sql`INSERT INTO premium_receipts
        (id, receipt_number, application_id, due_ids, amount_minor, currency, method, provider, transaction_id, collected_by, collected_at, paid_at, revived)
      SELECT ${receiptId}, ${payment.receiptNumber ?? newReceiptNumber(now)}, ${payment.applicationId}, ${dueIds}, ${payment.amountMinor}, 'bdt',
        ${payment.method}, ${payment.provider}, ${payment.transactionId}, ${payment.collectedBy ?? null}, ${payment.collectedAt ?? null}, ${paidAt},
        ${payment.revives ? 1 : 0}
      WHERE (SELECT COUNT(*) FROM premium_dues WHERE application_id = ${payment.applicationId} AND id IN ${chosen} AND paid_at IS NULL) = ${payment.dueIds.length}
        AND (SELECT SUM(amount_minor) FROM premium_dues WHERE application_id = ${payment.applicationId} AND id IN ${chosen}) = ${payment.amountMinor}
      ${options.onConflict === 'ignore' ? sql`ON CONFLICT DO NOTHING` : sql``}`.compile(db),
    // Right after the receipt: written only if it was (changes() of the statement just before).
    auditAfterChange(db, {
      actor: payment.actor,
      action: payment.revives ? 'policy.revive' : 'premium.pay',
      entity: 'applications',
      entityId: payment.applicationId,
      from: payment.revives ? 'lapsed' : null,
      to: payment.revives ? 'in_force' : `${payment.dueIds.length} due(s) paid`,
      at: paidAt,
    }),
    sql`UPDATE premium_dues SET paid_at = ${paidAt}, receipt_id = ${receiptId}
      WHERE application_id = ${payment.applicationId} AND id IN ${chosen} AND paid_at IS NULL
        AND EXISTS (SELECT 1 FROM premium_receipts WHERE id = ${receiptId})`.compile(db),
    ...(payment.quiet ? [] : notifyOwner(db, 'premium_paid', payment.applicationId, paidAt, sql`id = ${payment.applicationId} AND EXISTS (SELECT 1 FROM premium_receipts WHERE id = ${receiptId})`)),
    // The sync stamp of the application: its phones pull the paid dues with it (db/sync.ts).
    sql`UPDATE applications SET premium_mode = premium_mode
      WHERE id = ${payment.applicationId} AND EXISTS (SELECT 1 FROM premium_receipts WHERE id = ${receiptId})`.compile(db),
  ];
  await batch(statements);
  const receipt = await receiptOfTransaction(db, payment.provider, payment.transactionId);
  if (!receipt) return null;
  return { receipt, recordedNow: receipt.id === receiptId };
}
