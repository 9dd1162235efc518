/**
 * SMS about premiums (issue 49 part 4, decision 0117): what is queued and what is said. The
 * reminder pass queues a reminder or lapse notice in the batch that records it, with its
 * notification (so at most once per due and kind, across any restart); the receipt notice is
 * queued by a trigger on the inbox (migration 0313). The text is written when it is sent, from
 * the due or receipt as it is then: a due paid overnight is not reminded of in the morning.
 */
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { ReminderKind } from '../db/premium-rows.ts';
import type { Language } from '../schemas/language.ts';
import { addDays } from '../schemas/premium-schedule.ts';
import { dhakaDayOf } from '../schemas/claim.ts';
import { premiumReceiptText, premiumReminderText, smsDate, smsTaka } from './premium-texts.ts';

/** Queues the SMS of the notification `notificationId` (written just before in the batch) to its proven, willing recipient. */
export function queuePremiumSms(db: Kysely<Database>, notificationId: string, about: { dueId: string; kind: ReminderKind }): CompiledQuery {
  return sql`INSERT INTO sms_queue (notification_id, premium_due_id, premium_kind, quiet_at_night, created_at)
    SELECT n.id, ${about.dueId}, ${about.kind}, 1, n.created_at
    FROM notifications n JOIN users u ON u.id = n.user_id
    WHERE n.id = ${notificationId} AND u.phone IS NOT NULL AND u.phone_verified_at IS NOT NULL AND u.sms_opt_out = 0
    ON CONFLICT (notification_id) DO NOTHING`.compile(db);
}

export interface PremiumSmsSubject {
  premium_due_id: string | null;
  premium_kind: ReminderKind | null;
  premium_receipt_id: string | null;
}

/** The text of a queued SMS about premiums, or null when there is nothing (any more) to say. */
export async function premiumSmsText(
  db: Kysely<Database>,
  subject: PremiumSmsSubject,
  language: Language,
  policy: string,
  graceDays: number,
): Promise<string | null> {
  if (subject.premium_due_id && subject.premium_kind) {
    const due = await db.selectFrom('premium_dues').select(['due_on', 'amount_minor', 'paid_at']).where('id', '=', subject.premium_due_id).executeTakeFirst();
    if (!due || due.paid_at) return null;
    return premiumReminderText(subject.premium_kind, language, {
      policy,
      amount: smsTaka(language, due.amount_minor),
      dueOn: smsDate(language, due.due_on),
      graceEnds: smsDate(language, addDays(due.due_on, graceDays)),
    });
  }
  if (subject.premium_receipt_id) {
    const receipt = await db.selectFrom('premium_receipts').select(['receipt_number', 'amount_minor', 'paid_at']).where('id', '=', subject.premium_receipt_id).executeTakeFirst();
    if (!receipt) return null;
    return premiumReceiptText(language, {
      policy,
      amount: smsTaka(language, receipt.amount_minor),
      receipt: receipt.receipt_number,
      paidOn: smsDate(language, dhakaDayOf(receipt.paid_at)),
    });
  }
  return null;
}
