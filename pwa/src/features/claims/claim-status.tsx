import { formatDate as formatDay, formatMoney } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { StatusBadge } from '../../components/status-badge.tsx';

/** The claim's status as every staff screen shows it (components/status-badge.tsx). */
export const ClaimStatus = StatusBadge;

export const formatDate = (iso: string | null | undefined) => (iso ? formatDay(iso) : t('common.na'));
export const formatPremium = (amount: number | null | undefined) =>
  amount == null ? t('common.na') : formatMoney(amount, { fractionDigits: 2 });
