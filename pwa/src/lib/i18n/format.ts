/**
 * Numbers, money and dates as the page's language writes them, through Intl: bn-BD has Bengali
 * digits and lakh/crore grouping (১০,০০,০০০), English pages use en-IN's grouping (10,00,000).
 * Dates are in the device's time zone. Formatters are made once per language and kind.
 */
import { intlLocale, type Locale } from './locale.ts';
import { formatMoneyIn, formatNumberIn, localDigitsIn } from './number-format.ts';
import { currentLocale } from './runtime.ts';

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: Locale, options: Intl.DateTimeFormatOptions, name: string) {
  const key = `d:${locale}:${name}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale[locale], options);
    dateFormats.set(key, format);
  }
  return format;
}

/** ASCII digits as the language writes them: '2026' -> '২০২৬' in Bangla. */
export const localDigits = (text: string, locale: Locale = currentLocale()) => localDigitsIn(locale, text);

/** 1500000 -> "15,00,000" (English) or "১৫,০০,০০০" (Bangla): number-format.ts, in the page's language. */
export const formatNumber = (
  value: number,
  { locale = currentLocale(), ...options }: { fractionDigits?: number; maxFractionDigits?: number; locale?: Locale } = {},
): string => formatNumberIn(locale, value, options);

/** Every amount of money on screen, in ৳, from poisha (number-format.ts), in the page's language. */
export const formatMoney = (poisha: number, { locale = currentLocale(), ...options }: { fractionDigits?: number; locale?: Locale } = {}): string =>
  formatMoneyIn(locale, poisha, options);

/** The symbol on its own (axis titles, column headers). */
export const currencySign = '৳';

/** Intl's short month names (en-IN, bn-BD): format.test.ts checks them against Intl. */
const shortMonths: Record<Locale, readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
  bn: ['জানু', 'ফেব', 'মার্চ', 'এপ্রি', 'মে', 'জুন', 'জুল', 'আগ', 'সেপ', 'অক্টো', 'নভে', 'ডিসে'],
};

/**
 * An ISO date as "5 Mar 2025" / "৫ মার্চ, ২০২৫" in the device's time zone; the text itself when
 * it is not a date. Written here, as Intl would, without Intl: public pages hydrate with dates
 * (blog cards), and a page's first Intl formatter loads locale data, one long task of 30-130 ms
 * in the middle of hydration (decisions 0065, 0093). format.test.ts checks it is Intl's.
 */
export function formatDate(iso: string, locale: Locale = currentLocale()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const month = shortMonths[locale][date.getMonth()];
  const text = locale === 'bn' ? `${date.getDate()} ${month}, ${date.getFullYear()}` : `${date.getDate()} ${month} ${date.getFullYear()}`;
  return localDigitsIn(locale, text);
}

/**
 * The part of the day a Bangla time is said in, by the hour (0-23): ভোর, সকাল, দুপুর, বিকাল,
 * সন্ধ্যা, রাত. Bangla says it before the time ("বিকাল ৩:০৪"); Intl's bn-BD writes "PM" or,
 * with dayPeriod, "দুপুরবেলায়" after it, neither of which a person writes (issue 48).
 */
export function banglaDayPeriod(hour: number): string {
  if (hour >= 4 && hour < 6) return 'ভোর';
  if (hour >= 6 && hour < 12) return 'সকাল';
  if (hour >= 12 && hour < 15) return 'দুপুর';
  if (hour >= 15 && hour < 18) return 'বিকাল';
  if (hour >= 18 && hour < 20) return 'সন্ধ্যা';
  return 'রাত';
}

/**
 * An ISO moment with its time of day, in the device's time zone: "28 Nov 2026, 3:04 pm" (Intl,
 * en-IN) or "২৮ নভে, ২০২৬, বিকাল ৩:০৪" (the date as formatDate writes it, the part of the day before
 * a 12-hour time).
 */
export function formatDateTime(iso: string, locale: Locale = currentLocale()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (locale === 'bn') {
    const hour = date.getHours();
    const time = `${hour % 12 === 0 ? 12 : hour % 12}:${String(date.getMinutes()).padStart(2, '0')}`;
    return `${formatDate(iso, locale)}, ${banglaDayPeriod(hour)} ${localDigitsIn(locale, time)}`;
  }
  return dateFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }, 'datetime').format(date);
}

/** A day given as a date (chart axes): "24 Nov" / "২৪ নভে". */
export function formatDay(date: Date, locale: Locale = currentLocale()): string {
  return dateFormat(locale, { month: 'short', day: 'numeric' }, 'day').format(date);
}
