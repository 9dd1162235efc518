/**
 * Every word the inbox shows, through the translation runtime (lib/i18n; ids `notice.*`, in the
 * shell's part of the catalogue because the bell shows on public pages too). Read when shown, so
 * a change of language takes effect at once. The push texts the server sends are
 * edge-api/src/notifications/texts.ts.
 */
import type { NotificationEvent } from 'edge-api/src/db/notifications.ts';
import { formatNumber } from '../../lib/i18n/format.ts';
import { t, type MessageId } from '../../lib/i18n/runtime.ts';

export const inboxTexts = {
  get title() {
    return t('notice.title');
  },
  bellLabel: (unread: number) => (unread === 0 ? t('notice.bellNone') : t('notice.bellUnread', { unread: formatNumber(unread) })),
  get markAllRead() {
    return t('notice.markAllRead');
  },
  get empty() {
    return t('notice.empty');
  },
  get loading() {
    return t('notice.loading');
  },
  get notFilled() {
    return t('notice.notFilled');
  },
  get unread() {
    return t('notice.unread');
  },
  get offlineRead() {
    return t('notice.offlineRead');
  },
  get older() {
    return t('notice.older');
  },
};

const eventMessages: Record<NotificationEvent, MessageId> = {
  'application.assigned': 'notice.event.assigned',
  'application.approved': 'notice.event.approved',
  'application.rejected': 'notice.event.rejected',
  'payment.confirmed': 'notice.event.paid',
  'payment.refunded': 'notice.event.refunded',
  'claim.assigned': 'notice.event.claimAssigned',
  'agent-request.submitted': 'notice.event.agentRequest',
  'payment.refused': 'notice.event.paymentRefused',
  'service-request.approved': 'notice.event.serviceApproved',
  'service-request.refused': 'notice.event.serviceRefused',
  'service-request.new': 'notice.event.serviceNew',
  'insurance-claim.filed': 'notice.event.claimFiled',
  'insurance-claim.new': 'notice.event.claimNew',
  'insurance-claim.assigned': 'notice.event.claimWithAgent',
  'insurance-claim.to-clear': 'notice.event.claimToClear',
  'insurance-claim.sent-back': 'notice.event.claimSentBack',
  'insurance-claim.resubmitted': 'notice.event.claimResubmitted',
  'insurance-claim.approved': 'notice.event.claimApproved',
  'insurance-claim.to-pay': 'notice.event.claimToPay',
  'insurance-claim.rejected': 'notice.event.claimRejected',
  'insurance-claim.paid': 'notice.event.claimPaid',
  'insurance-claim.overdue': 'notice.event.claimOverdue',
  'insurance-claim.unverified-nominee': 'notice.event.claimUnverifiedNominee',
  // Issue 49: premiums after the sale.
  premium_due: 'notice.event.premiumDue',
  premium_paid: 'notice.event.premiumPaid',
  policy_lapsed: 'notice.event.policyLapsed',
};

/** What one item says, from its event and the policy's name. */
export const eventText = (event: NotificationEvent, policyName: string | null) =>
  t(eventMessages[event], { policy: policyName ?? t('notice.yourPolicy') });
