/**
 * The SMS about a person's policies (issue 50): the queue a trigger on the inbox fills
 * (migration 0291) is sent here, on Node by the push loop's timer and on the Worker after the
 * request that queued it and on each cron tick. A queued SMS is taken by one conditional update
 * before it is sent, so two senders never send it twice; the tries are sendSms's (sms/sender.ts).
 * Whether the number is still proven and the person still wants SMS is checked again at sending.
 * An SMS about premiums (migration 0313, sms/premium-sms.ts) waits through Dhaka's quiet hours.
 */
import type { NotificationEvent } from '../db/notifications.ts';
import type { Language } from '../schemas/language.ts';
import { sendSms, type SmsDeps } from './sender.ts';
import { decisionText, premiumPaidText, type Decision } from './texts.ts';
import { premiumSmsText, type PremiumSmsSubject } from './premium-sms.ts';
import { inQuietHours } from '../lib/quiet-hours.ts';

const decisions: Partial<Record<NotificationEvent, Decision>> = {
  'application.approved': 'application-approved',
  'application.rejected': 'application-rejected',
  'insurance-claim.approved': 'claim-approved',
  'insurance-claim.rejected': 'claim-rejected',
  'insurance-claim.sent-back': 'claim-more-documents',
  'insurance-claim.paid': 'claim-paid',
  'service-request.approved': 'change-approved',
  'service-request.refused': 'change-refused',
};

/** "BDT 1,250.50": Latin letters keep an English SMS in GSM-7 (a ৳ would make it UCS-2). */
function amountText(minor: number, currency: string, language: Language): string {
  const taka = (minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  if (currency.toLowerCase() !== 'bdt') return `${currency.toUpperCase()} ${taka}`;
  return language === 'bn' ? `৳${taka}` : `BDT ${taka}`;
}

export async function deliverDueSms(deps: SmsDeps, limit = 20): Promise<number> {
  const { db } = deps;
  // Between 21:00 and 08:00 in Dhaka an SMS about premiums stays queued until the morning (decision 0117).
  const night = inQuietHours(deps.clock());
  const taken = await db
    .updateTable('sms_queue')
    .set({ status: 'taken' })
    .where('id', 'in', (qb) =>
      qb
        .selectFrom('sms_queue')
        .select('id')
        .where('status', '=', 'pending')
        .$if(night, (pending) => pending.where('quiet_at_night', '=', 0))
        .orderBy('id')
        .limit(limit),
    )
    .where('status', '=', 'pending')
    .returning(['notification_id', 'premium_due_id', 'premium_kind', 'premium_receipt_id'])
    .execute();
  for (const row of taken) await sendOne(deps, row.notification_id, row);
  return taken.length;
}

async function sendOne(deps: SmsDeps, notificationId: string, premium: PremiumSmsSubject): Promise<void> {
  const { db } = deps;
  const row = await db
    .selectFrom('notifications')
    .innerJoin('users', 'users.id', 'notifications.user_id')
    .select(['notifications.event', 'notifications.entity_id', 'notifications.policy_name', 'notifications.policy_name_bn', 'users.phone', 'users.phone_verified_at', 'users.sms_opt_out', 'users.language'])
    .where('notifications.id', '=', notificationId)
    .executeTakeFirst();
  if (!row?.phone || !row.phone_verified_at || row.sms_opt_out) return;
  const language: Language = row.language === 'bn' ? 'bn' : 'en';
  const policy = (language === 'bn' ? row.policy_name_bn : null) ?? row.policy_name ?? '';
  const event = row.event as NotificationEvent;
  if (premium.premium_due_id || premium.premium_receipt_id) {
    const text = await premiumSmsText(db, premium, language, policy, deps.config.premiums.graceDays);
    if (text) await sendSms(deps, { phone: row.phone, kind: premium.premium_receipt_id ? 'premium-paid' : 'premium-reminder', text });
    return;
  }
  if (event === 'payment.confirmed') {
    const paid = row.entity_id
      ? await db.selectFrom('applications').select(['paid_amount_minor', 'paid_currency', 'receipt_number']).where('id', '=', row.entity_id).executeTakeFirst()
      : undefined;
    if (!paid?.paid_amount_minor || !paid.receipt_number) return;
    const amount = amountText(paid.paid_amount_minor, paid.paid_currency ?? 'bdt', language);
    await sendSms(deps, { phone: row.phone, kind: 'premium-paid', text: premiumPaidText(language, amount, policy, paid.receipt_number) });
    return;
  }
  const decision = decisions[event];
  if (decision) await sendSms(deps, { phone: row.phone, kind: 'decision', text: decisionText(decision, language, policy) });
}
