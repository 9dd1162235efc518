/** The Transaction Dashboard's arithmetic: default filters, the summary cards, income per day. */

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

/** $ with two decimals. */
export const dollars = (amount: number) =>
  `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export interface Summary {
  count: number;
  total: number;
  /** 0 when there are no transactions (shown as 0.00). */
  average: number;
}

export function summarise(amounts: number[]): Summary {
  const total = amounts.reduce((sum, amount) => sum + amount, 0);
  return { count: amounts.length, total, average: amounts.length ? total / amounts.length : 0 };
}

export interface DayIncome {
  /** yyyy-MM-dd, local */
  day: string;
  income: number;
}

/** Income summed per (local) day, oldest first. */
export function incomePerDay(payments: { amount: number; paidAt: string }[]): DayIncome[] {
  const byDay = new Map<string, number>();
  for (const payment of payments) {
    const day = toDayKey(new Date(payment.paidAt));
    byDay.set(day, (byDay.get(day) ?? 0) + payment.amount);
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, income]) => ({ day, income: Math.round(income * 100) / 100 }));
}
