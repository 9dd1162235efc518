/**
 * The quote carried into the application (issue 48): the cover chosen and the answers the
 * formula weighs travel with the estimate, so the application records the cover that was
 * quoted. The premium shown is the one the server will record: the spec's formula for that
 * cover, the applicant's age on their date of birth and the chosen policy's own term
 * (edge-api/src/commands/apply-for-policy.ts works it out the same way).
 */
import type { QuoteChoices } from 'edge-api/src/schemas/application.ts';
import { ageOn } from 'edge-api/src/schemas/eligibility.ts';
import { estimatePremium, wholePoisha } from 'edge-api/src/schemas/premium.ts';

export type CarriedQuote = QuoteChoices;

const genders: readonly string[] = ['Male', 'Female', 'Other'];
const smokers: readonly string[] = ['Yes', 'No'];

/** The quote's choices from a navigation state or a draft, when whole and sound. */
export function carriedQuoteOf(value: unknown): CarriedQuote | null {
  if (typeof value !== 'object' || value === null) return null;
  const { coverage, gender, smoker } = value as Record<string, unknown>;
  if (typeof coverage !== 'number' || !Number.isInteger(coverage) || coverage <= 0) return null;
  if (typeof gender !== 'string' || !genders.includes(gender) || typeof smoker !== 'string' || !smokers.includes(smoker)) return null;
  return { coverage, gender: gender as CarriedQuote['gender'], smoker: smoker as CarriedQuote['smoker'] };
}

interface PolicyTerms {
  /** Poisha. */
  coverageRange: number;
  duration: number;
}

/** Whether the quoted cover is more than the chosen policy's (the server refuses it). */
export const coverOverPolicy = (quote: CarriedQuote | null, policy: PolicyTerms | null | undefined) =>
  quote !== null && policy != null && quote.coverage > policy.coverageRange;

const isDate = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`));

/**
 * The monthly premium (whole poisha) the application will record, once the policy and a date of
 * birth are known; else the quote's own figure, as carried.
 */
export function premiumToRecord(
  carried: number | null,
  quote: CarriedQuote | null,
  policy: PolicyTerms | null | undefined,
  dateOfBirth: string,
  today = new Date(),
): number | null {
  if (!quote || !policy || !isDate(dateOfBirth)) return carried;
  const age = ageOn(dateOfBirth, today);
  if (age < 0) return carried;
  return wholePoisha(estimatePremium({ age, coverage: quote.coverage, duration: policy.duration, gender: quote.gender, smoker: quote.smoker }).monthly);
}
