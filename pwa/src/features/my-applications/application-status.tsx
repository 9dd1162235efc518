import { formatDate as formatDay, formatDateTime as formatMoment, formatMoney } from '../../lib/i18n/format.ts';

/** The customer's status colours (spec section 4): Approved green, Rejected red, else yellow. */
export function ApplicationStatus({ status }: { status: string }) {
  const value = status.toLowerCase();
  if (value === 'approved') return <span className="badge badge--success">Approved</span>;
  if (value === 'rejected') return <span className="badge badge--danger">Rejected</span>;
  return <span className="badge badge--warn">{status}</span>;
}

/** Pay is offered while the application is unpaid and not rejected (decisions.md). */
export const mayPay = (application: { status: string; paymentStatus: string }) =>
  application.paymentStatus === 'unpaid' && application.status.toLowerCase() !== 'rejected';

export const formatDate = (iso: string | null | undefined) => (iso ? formatDay(iso) : 'N/A');
export const formatDateTime = (iso: string | null | undefined) => (iso ? formatMoment(iso) : 'N/A');
export const formatPremium = (amount: number | null | undefined) =>
  amount == null ? 'N/A' : formatMoney(amount, { fractionDigits: 2 });
