/**
 * Numbers and money as a language writes them, for a language given: what the page's early
 * answers (decision 0091) format with, before the app and its i18n runtime have arrived.
 * format.ts gives the same with the page's language; format.test.ts checks them against Intl.
 */
import { intlLocale, type Locale } from './locale.ts';

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: Locale, minimumFractionDigits: number, maximumFractionDigits: number) {
  const key = `${locale}:${minimumFractionDigits}:${maximumFractionDigits}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocale[locale], { minimumFractionDigits, maximumFractionDigits });
    formats.set(key, format);
  }
  return format;
}

const bengaliDigits = '০১২৩৪৫৬৭৮৯';

/** ASCII digits as the language writes them: '2026' -> '২০২৬' in Bangla. */
export const localDigitsIn = (locale: Locale, text: string) =>
  locale === 'bn' ? text.replace(/[0-9]/g, (digit) => bengaliDigits[Number(digit)] as string) : text;

/** Indian grouping (lakh, crore): the last three digits, then pairs. Same as en-IN's and bn-BD's Intl. */
const groupIndian = (digits: string) =>
  digits.length <= 3 ? digits : `${digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}`;

/**
 * 1500000 -> "15,00,000" (English) or "১৫,০০,০০০" (Bangla); `fractionDigits` fixes the decimals
 * (otherwise up to `maxFractionDigits`, 2). Whole numbers are grouped here without Intl: its first call loads locale
 * data, over half of a slow phone's hydration (decision 0065); format.test.ts checks it is Intl's.
 */
export function formatNumberIn(
  locale: Locale,
  value: number,
  { fractionDigits, maxFractionDigits = 2 }: { fractionDigits?: number; maxFractionDigits?: number } = {},
): string {
  if (Number.isSafeInteger(value) && !fractionDigits) {
    const grouped = groupIndian(String(Math.abs(value)));
    return localDigitsIn(locale, value < 0 ? `-${grouped}` : grouped);
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
export function formatMoneyIn(locale: Locale, poisha: number, options: { fractionDigits?: number } = {}): string {
  const sign = poisha < 0 ? '-' : '';
  const magnitude = Math.abs(poisha);
  const fractionDigits = options.fractionDigits ?? (Number.isInteger(magnitude) && magnitude % 100 === 0 ? undefined : 2);
  return `${sign}৳${formatNumberIn(locale, magnitude / 100, { fractionDigits })}`;
}
