/**
 * Card amounts come from the server in the currency's smallest unit (Stripe's convention);
 * shown in the currency's own way, e.g. 5000 usd -> $50.00, 5000 jpy -> ¥5,000.
 */
export function formatAmount(amountMinor: number, currency: string, locale = 'en-US'): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amountMinor / 10 ** digits);
}
