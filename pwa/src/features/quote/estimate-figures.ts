/**
 * The figures of a premium estimate as the page's language writes them, for the estimate the app
 * shows (quote-estimate.tsx) and the one the quote's early answer shows (early-quote.ts): one
 * formatting, with the language given (no i18n runtime).
 */
import { estimatePremium, type QuoteInput } from 'edge-api/src/schemas/premium.ts';
import type { Locale } from '../../lib/i18n/locale.ts';
import { formatMoneyIn, formatNumberIn, localDigitsIn } from '../../lib/i18n/number-format.ts';

export interface EstimateFigures {
  annual: string;
  monthly: string;
  coverageInLakh: string;
  baseRate: string;
  age: string;
  ageFactor: string;
  genderFactor: string;
  smokerFactor: string;
  years: string;
  durationFactor: string;
  dividedBy: string;
}

/** An amount of the estimate (poisha), shown to 2 decimals of taka, as the spec says. */
export const premiumAmountIn = (locale: Locale, poisha: number) => formatMoneyIn(locale, poisha, { fractionDigits: 2 });

export function estimateFigures(input: QuoteInput, locale: Locale): EstimateFigures {
  const premium = estimatePremium(input);
  const upTo4 = (value: number) => formatNumberIn(locale, Number(value.toFixed(4)), { maxFractionDigits: 4 });
  const factor = (value: number) => `× ${upTo4(value)}`;
  const amount = (poisha: number) => premiumAmountIn(locale, poisha);
  return {
    annual: amount(premium.annual),
    monthly: amount(premium.monthly),
    coverageInLakh: upTo4(premium.coverageInLakh),
    baseRate: `× ${localDigitsIn(locale, '5')}`,
    age: formatNumberIn(locale, input.age),
    ageFactor: factor(premium.ageFactor),
    genderFactor: factor(premium.genderFactor),
    smokerFactor: factor(premium.smokerFactor),
    years: formatNumberIn(locale, input.duration),
    durationFactor: factor(premium.durationFactor),
    dividedBy: `÷ ${localDigitsIn(locale, '10')}`,
  };
}
