/**
 * The premium estimate of spec section 9, exactly as written there, in poisha (issue 26): the
 * PWA's quote (offline, pure) and the demo seed compute it here, once.
 */

export interface QuoteInput {
  /** Age in years. */
  age: number;
  /** Coverage in poisha; the formula counts it in lakh of taka (1,00,000 taka = 1,00,00,000 poisha). */
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
  /** Poisha, unrounded (shown to two decimals of taka). */
  annual: number;
  /** Poisha, unrounded; `wholePoisha` gives what an application carries. */
  monthly: number;
}

/** A lakh of taka, in poisha. */
export const lakhInPoisha = 100_000 * 100;

export const ageFactorOf = (age: number) => (age < 30 ? 1 : age < 50 ? 1.5 : 2);
export const genderFactorOf = (gender: string) => (gender === 'Male' ? 1.1 : 1);
export const smokerFactorOf = (smoker: string) => (smoker === 'Yes' ? 1.5 : 1);
export const durationFactorOf = (years: number) => years / 10;

/** Annual (taka) = coverage (lakh) × 5 × age × gender × smoker × duration / 10; monthly = annual / 12; both returned in poisha. */
export function estimatePremium(input: QuoteInput): PremiumBreakdown {
  const coverageInLakh = input.coverage / lakhInPoisha;
  const ageFactor = ageFactorOf(input.age);
  const genderFactor = genderFactorOf(input.gender);
  const smokerFactor = smokerFactorOf(input.smoker);
  const durationFactor = durationFactorOf(input.duration);
  const annualTaka = (coverageInLakh * 5 * ageFactor * genderFactor * smokerFactor * durationFactor) / 10;
  const annual = annualTaka * 100;
  return { coverageInLakh, ageFactor, genderFactor, smokerFactor, durationFactor, annual, monthly: annual / 12 };
}

/** An amount of the estimate as the whole poisha an application stores. */
export const wholePoisha = (amount: number) => Math.round(amount);
