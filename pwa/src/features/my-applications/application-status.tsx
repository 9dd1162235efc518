import { formatDate as formatDay, formatDateTime as formatMoment, formatMoney } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { statusLabel } from '../../components/status-label.ts';
import { rejectionReasonLabel } from '../../components/rejection-reason.ts';
import type { Application } from '../../lib/local-db.ts';

/** The customer's status colours (spec section 4): Approved green, Rejected red, else yellow. */
export function ApplicationStatus({ status }: { status: string }) {
  const value = status.toLowerCase();
  if (value === 'approved') return <span className="badge badge--success">{statusLabel(status)}</span>;
  if (value === 'rejected') return <span className="badge badge--danger">{statusLabel(status)}</span>;
  return <span className="badge badge--warn">{statusLabel(status)}</span>;
}

/** Why it was rejected (issue 29), in the customer's language, with the agent's note; nothing otherwise. */
export function RejectionReason({ application }: { application: { status: string; rejectionReason?: string | null; rejectionNote?: string | null } }) {
  if (application.status.toLowerCase() !== 'rejected' || !application.rejectionReason) return null;
  return (
    <small className="data__detail rejection-reason">
      {t('apps.rejectedBecause', { reason: rejectionReasonLabel(application.rejectionReason) })}
      {application.rejectionNote && <> “{application.rejectionNote}”</>}
    </small>
  );
}

/** Pay is offered while the application is unpaid and not rejected (decisions.md). */
export const mayPay = (application: { status: string; paymentStatus: string }) =>
  application.paymentStatus === 'unpaid' && application.status.toLowerCase() !== 'rejected';

/**
 * Delete is offered only where the server allows it (commands/applications.ts deleteApplication):
 * the owner's own application while pending and unpaid. A paid one is never offered (issue 29).
 */
export const mayDelete = (application: { status: string; paymentStatus: string }) =>
  application.status.toLowerCase() === 'pending' && application.paymentStatus === 'unpaid';

/** What happens next, in the customer's words (issue 29). */
export function nextStep(application: Pick<Application, 'status' | 'paymentStatus'>, agentName: string | null): string {
  const status = application.status.toLowerCase();
  // The reason, and a refund of a paid one, are told by their own screens (issues 29 and 26).
  if (status === 'rejected') return t('apps.nextRejected');
  if (status === 'approved') return application.paymentStatus === 'paid' ? t('apps.nextInForce') : t('apps.nextPay');
  if (status === 'assigned') return agentName ? t('apps.nextAssigned', { agent: agentName }) : t('apps.nextPending');
  return t('apps.nextPending');
}

export const formatDate = (iso: string | null | undefined) => (iso ? formatDay(iso) : t('common.na'));
export const formatDateTime = (iso: string | null | undefined) => (iso ? formatMoment(iso) : t('common.na'));
export const formatPremium = (amount: number | null | undefined) =>
  amount == null ? t('common.na') : formatMoney(amount, { fractionDigits: 2 });
