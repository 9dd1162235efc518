/**
 * The premium estimate of spec section 9, exactly as written there. Pure, so the quote works
 * with no network and the formula is tested on its own (premium.test.ts).
 */
import { formatMoney } from '../../lib/i18n/format.ts';

/** The policy terms on offer, the same list the catalogue's policies use. */
export { policyDurations as durationChoices } from 'edge-api/src/schemas/policy.ts';

export interface QuoteInput {
  /** Age in years. */
  age: number;
  /** Coverage in ৳ (taka); the formula counts it in lakh (100,000). */
  coverage: number;
  /** Policy term in years (3, 5, 7 or 10). */
  duration: number;
  /** 'Male' or anything else. */
  gender: string;
  /** 'Yes' or anything else. */
  smoker: string;
}

export interface PremiumBreakdown {
  coverageInLakh: number;
  ageFactor: number;
  genderFactor: number;
  smokerFactor: number;
  durationFactor: number;
  annual: number;
  monthly: number;
}

export const ageFactorOf = (age: number) => (age < 30 ? 1 : age < 50 ? 1.5 : 2);
export const genderFactorOf = (gender: string) => (gender === 'Male' ? 1.1 : 1);
export const smokerFactorOf = (smoker: string) => (smoker === 'Yes' ? 1.5 : 1);
export const durationFactorOf = (years: number) => years / 10;

/** Annual = coverage (lakh) × 5 × age × gender × smoker × duration / 10; monthly = annual / 12. */
export function estimatePremium(input: QuoteInput): PremiumBreakdown {
  const coverageInLakh = input.coverage / 100000;
  const ageFactor = ageFactorOf(input.age);
  const genderFactor = genderFactorOf(input.gender);
  const smokerFactor = smokerFactorOf(input.smoker);
  const durationFactor = durationFactorOf(input.duration);
  const annual = (coverageInLakh * 5 * ageFactor * genderFactor * smokerFactor * durationFactor) / 10;
  return { coverageInLakh, ageFactor, genderFactor, smokerFactor, durationFactor, annual, monthly: annual / 12 };
}

/** Shown to 2 decimals in taka, as the spec says. */
export const formatTaka = (amount: number) => formatMoney(amount, { fractionDigits: 2 });
