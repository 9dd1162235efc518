import { formatDate as formatDay, formatDateTime as formatMoment, formatMoney } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { statusLabel } from '../../components/status-label.ts';

/** The customer's status colours (spec section 4): Approved green, Rejected red, else yellow. */
export function ApplicationStatus({ status }: { status: string }) {
  const value = status.toLowerCase();
  if (value === 'approved') return <span className="badge badge--success">{t('apps.approved')}</span>;
  if (value === 'rejected') return <span className="badge badge--danger">{t('apps.rejected')}</span>;
  return <span className="badge badge--warn">{statusLabel(status)}</span>;
}

/** Pay is offered while the application is unpaid and not rejected (decisions.md). */
export const mayPay = (application: { status: string; paymentStatus: string }) =>
  application.paymentStatus === 'unpaid' && application.status.toLowerCase() !== 'rejected';

export const formatDate = (iso: string | null | undefined) => (iso ? formatDay(iso) : t('common.na'));
export const formatDateTime = (iso: string | null | undefined) => (iso ? formatMoment(iso) : t('common.na'));
export const formatPremium = (amount: number | null | undefined) =>
  amount == null ? t('common.na') : formatMoney(amount, { fractionDigits: 2 });
