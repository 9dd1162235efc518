/**
 * The SMS about a person's policies (issue 50): the queue a trigger on the inbox fills
 * (migration 0291) is sent here, on Node by the push loop's timer and on the Worker after the
 * request that queued it and on each cron tick. A queued SMS is taken by one conditional update
 * before it is sent, so two senders never send it twice; the tries are sendSms's (sms/sender.ts).
 * Whether the number is still proven and the person still wants SMS is checked again at sending.
 */
import type { NotificationEvent } from '../db/notifications.ts';
import type { Language } from '../schemas/language.ts';
import { sendSms, type SmsDeps } from './sender.ts';
import { decisionText, premiumPaidText, type Decision } from './texts.ts';

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
  const taken = await db
    .updateTable('sms_queue')
    .set({ status: 'taken' })
    .where('id', 'in', (qb) => qb.selectFrom('sms_queue').select('id').where('status', '=', 'pending').orderBy('id').limit(limit))
    .where('status', '=', 'pending')
    .returning('notification_id')
    .execute();
  for (const { notification_id } of taken) await sendOne(deps, notification_id);
  return taken.length;
}

async function sendOne(deps: SmsDeps, notificationId: string): Promise<void> {
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
