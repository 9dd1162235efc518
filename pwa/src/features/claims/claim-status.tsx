import { formatDate as formatDay, formatMoney } from '../../lib/i18n/format.ts';

/** Admin/agent status colours (spec section 4): approved green, pending yellow, Assigned blue, other red. */
export function ClaimStatus({ status }: { status: string }) {
  const value = status.toLowerCase();
  const tone = value === 'approved' ? 'success' : value === 'pending' ? 'warn' : value === 'assigned' ? 'info' : 'danger';
  return <span className={`badge badge--${tone}`}>{value === 'assigned' ? 'Assigned' : status}</span>;
}

export const formatDate = (iso: string | null | undefined) => (iso ? formatDay(iso) : 'N/A');
export const formatPremium = (amount: number | null | undefined) =>
  amount == null ? 'N/A' : formatMoney(amount, { fractionDigits: 2 });
