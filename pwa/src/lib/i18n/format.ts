/**
 * Numbers, money and dates as the page's language writes them, through Intl: bn-BD has Bengali
 * digits and lakh/crore grouping (১০,০০,০০০), English pages use en-IN's grouping (10,00,000).
 * Dates are in the device's time zone. Formatters are made once per language and kind.
 */
import { intlLocale, type Locale } from './locale.ts';
import { currentLocale } from './runtime.ts';

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(locale: Locale, minimumFractionDigits: number, maximumFractionDigits: number) {
  const key = `n:${locale}:${minimumFractionDigits}:${maximumFractionDigits}`;
  let format = cache.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(intlLocale[locale], { minimumFractionDigits, maximumFractionDigits });
    cache.set(key, format);
  }
  return format;
}

function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions, name: string) {
  const key = `d:${locale}:${name}`;
  let format = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale[locale], options);
    cache.set(key, format);
  }
  return format;
}

const bengaliDigits = '০১২৩৪৫৬৭৮৯';

/** ASCII digits as the language writes them: '2026' -> '২০২৬' in Bangla. */
export const localDigits = (text: string, locale: Locale = currentLocale()) =>
  locale === 'bn' ? text.replace(/[0-9]/g, (digit) => bengaliDigits[Number(digit)] as string) : text;

/** Indian grouping (lakh, crore): the last three digits, then pairs. Same as en-IN's and bn-BD's Intl. */
const groupIndian = (digits: string) =>
  digits.length <= 3 ? digits : `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;

/**
 * 1500000 -> "15,00,000" (English) or "১৫,০০,০০০" (Bangla); `fractionDigits` fixes the decimals
 * (otherwise up to `maxFractionDigits`, 2). Whole numbers are grouped here without Intl: its first call loads locale
 * data, over half of a slow phone's hydration (decision 0065); format.test.ts checks it is Intl's.
 */
export function formatNumber(
  value: number,
  { fractionDigits, maxFractionDigits = 2, locale = currentLocale() }: { fractionDigits?: number; maxFractionDigits?: number; locale?: Locale } = {},
): string {
  if (Number.isSafeInteger(value) && !fractionDigits) {
    const grouped = groupIndian(String(Math.abs(value)));
    return localDigits(value < 0 ? `-${grouped}` : grouped, locale);
  }
  return numberFormat(locale, fractionDigits ?? 0, fractionDigits ?? maxFractionDigits).format(value);
}

/**
 * Every amount of money on screen, in ৳ (the one currency, decisions: "Bangladesh first"), from
 * poisha, the unit every amount is stored and sent in (issue 26, decision 0077): 100000000 ->
 * ৳10,00,000 in English, ৳১০,০০,০০০ in Bangla; 5050 -> ৳50.50. The one place poisha become text.
 * Whole taka are shown without decimals unless `fractionDigits` asks (receipts and premiums: 2).
 * The sign goes before the number in both languages (Intl's bn-BD puts it after; Bangladeshi
 * insurers and banks write it before).
 */
export function formatMoney(poisha: number, options: { fractionDigits?: number; locale?: Locale } = {}): string {
  const sign = poisha < 0 ? '-' : '';
  const magnitude = Math.abs(poisha);
  const fractionDigits = options.fractionDigits ?? (Number.isInteger(magnitude) && magnitude % 100 === 0 ? undefined : 2);
  return `${sign}৳${formatNumber(magnitude / 100, { ...options, fractionDigits })}`;
}

/** The symbol on its own (axis titles, column headers). */
export const currencySign = '৳';

/** An ISO date as "5 Mar 2025" / "৫ মার্চ, ২০২৫" in the device's time zone; the text itself when it is not a date. */
export function formatDate(iso: string, locale: Locale = currentLocale()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormat(locale, { year: 'numeric', month: 'short', day: 'numeric' }, 'date').format(date);
}

/** An ISO moment with its time of day, in the device's time zone. */
export function formatDateTime(iso: string, locale: Locale = currentLocale()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }, 'datetime').format(date);
}

/** A day given as a date (chart axes): "24 Nov" / "২৪ নভে". */
export function formatDay(date: Date, locale: Locale = currentLocale()): string {
  return dateFormat(locale, { month: 'short', day: 'numeric' }, 'day').format(date);
}
