import { formatMoney } from '../../lib/i18n/format.ts';

/**
 * Card amounts come from the server in the currency's smallest unit (Stripe's convention, 100
 * poisha to the taka); shown in ৳ like every amount (lib/i18n/format.ts).
 */
export function formatAmount(amountMinor: number): string {
  return formatMoney(amountMinor / 100, { fractionDigits: 2 });
}
