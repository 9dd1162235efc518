/**
 * The Transaction Dashboard's shapes and formats: default filters, money, chart labels. The
 * sums themselves are the server's (GET /payments/report), over the whole filtered range.
 */
import { formatMoney } from '../../lib/i18n/format.ts';

export interface TransactionFilters {
  /** yyyy-MM-dd */
  from: string;
  /** yyyy-MM-dd */
  to: string;
  email: string;
  policyName: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A local date as yyyy-MM-dd (the filter inputs' format). */
export const toDayKey = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** yyyy-MM-dd as MM/dd/yyyy (the chart's format, spec section 9). */
export const dayKeyToChartLabel = (key: string) => {
  const [year, month, day] = key.split('-');
  return `${month}/${day}/${year}`;
};

/** The default range: from 30 days before today to today. */
export function defaultFilters(today: Date): TransactionFilters {
  const from = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 30);
  return { from: toDayKey(from), to: toDayKey(today), email: '', policyName: '' };
}

/** ৳ with two decimals, in the page's language. */
export const taka = (amount: number) => formatMoney(amount, { fractionDigits: 2 });

export interface Summary {
  count: number;
  total: number;
  /** 0 when there are no transactions (shown as 0.00). */
  average: number;
}

export interface DayIncome {
  /** yyyy-MM-dd, local */
  day: string;
  income: number;
}
