import { formatDate as formatDay, formatMoney } from '../../lib/i18n/format.ts';
import { currentLocale, t } from '../../lib/i18n/runtime.ts';
import { statusLabel } from '../../components/status-label.ts';

/** Admin/agent status colours (spec section 4): approved green, pending yellow, Assigned blue, other red. */
export function ClaimStatus({ status }: { status: string }) {
  const value = status.toLowerCase();
  const tone = value === 'approved' ? 'success' : value === 'pending' ? 'warn' : value === 'assigned' ? 'info' : 'danger';
  return <span className={`badge badge--${tone}`}>{value === 'assigned' && currentLocale() === 'en' ? 'Assigned' : statusLabel(status)}</span>;
}

export const formatDate = (iso: string | null | undefined) => (iso ? formatDay(iso) : t('common.na'));
export const formatPremium = (amount: number | null | undefined) =>
  amount == null ? t('common.na') : formatMoney(amount, { fractionDigits: 2 });
