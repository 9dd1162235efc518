/**
 * The Transaction Dashboard's shapes and formats: default filters, money, chart labels. The
 * sums themselves are the server's (GET /payments/report), over the whole filtered range.
 */
import { formatDate, formatMoney } from '../../lib/i18n/format.ts';
import type { Locale } from '../../lib/i18n/locale.ts';
import { currentLocale } from '../../lib/i18n/runtime.ts';

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

/** A local day yyyy-MM-dd as formatDate writes it ("1 Mar 2026", "১ মার্চ, ২০২৬"): its noon, in the device's zone. */
export const formatDayKey = (key: string, locale: Locale = currentLocale()) => {
  const [year, month, day] = key.split('-').map(Number) as [number, number, number];
  return formatDate(new Date(year, month - 1, day, 12).toISOString(), locale);
};

/**
 * A day of the chart and its table: MM/dd/yyyy in English (the spec's format, section 9); in
 * Bangla the month by its name, day first, like every other Bangla date ("১ মার্চ, ২০২৬"):
 * "০৩/০১/২০২৬" reads as 3 January there (issue 48).
 */
export const dayKeyToChartLabel = (key: string, locale: Locale = currentLocale()) => {
  if (locale === 'bn') return formatDayKey(key, locale);
  const [year, month, day] = key.split('-');
  return `${month}/${day}/${year}`;
};

/**
 * The default (and Reset Filters): every payment, no date bounds, so the summary agrees with the
 * dashboard's Total Payments (issue 29; decision 0081). The page says which period it shows.
 */
export function defaultFilters(): TransactionFilters {
  return { from: '', to: '', email: '', policyName: '' };
}

const dayMs = 86_400_000;
const keyToUtc = (key: string) => Date.parse(`${key}T00:00:00Z`);
const utcToKey = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Ten years of days at most on one axis. */
const maxDays = 3660;

/**
 * Income for every day of the period shown, a day without income as 0 (issue 29: a gap of ten
 * days must look like ten days). The period runs from the From date, else the first day with
 * income, to the To date, else today (or the last day with income, if later).
 */
export function continuousDays(days: DayIncome[], from: string, to: string, today: string): DayIncome[] {
  const first = from || days[0]?.day;
  if (!first) return [];
  const lastWithIncome = days.at(-1)?.day ?? first;
  const last = to || (lastWithIncome > today ? lastWithIncome : today);
  const income = new Map(days.map((day) => [day.day, day.income]));
  const all: DayIncome[] = [];
  for (let ms = keyToUtc(first); ms <= keyToUtc(last) && all.length < maxDays; ms += dayMs) {
    const day = utcToKey(ms);
    all.push({ day, income: income.get(day) ?? 0 });
  }
  return all;
}

/** An amount of poisha as ৳ with two decimals, in the page's language (formatMoney's preset for the report). */
export const taka = (amount: number) => formatMoney(amount, { fractionDigits: 2 });

/** Amounts in poisha, like every amount (decision 0077). */
export interface Summary {
  count: number;
  total: number;
  /** 0 when there are no transactions (shown as 0.00). */
  average: number;
  /** The payments given back, listed as Refunded and left out of the figures above (issue 48). */
  refunded: { count: number; total: number };
}

export interface DayIncome {
  /** yyyy-MM-dd, local */
  day: string;
  /** Poisha. */
  income: number;
}
