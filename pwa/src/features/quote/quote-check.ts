/**
 * The quote form's own checks (spec section 9), apart from the page so that the quote's early
 * answer (early-quote.ts) checks exactly as the app does: messages by id, no i18n runtime.
 * A policy's limits (only known once the app runs) are checked by the page on top of these.
 */
import { typedNumber } from 'edge-api/src/schemas/digits.ts';
import { takaToPoisha } from 'edge-api/src/schemas/money.ts';
import type { QuoteInput } from 'edge-api/src/schemas/premium.ts';
import type { MessageId } from '../../lib/i18n/runtime.ts';

export interface QuoteForm {
  age: string;
  coverage: string;
  duration: string;
  gender: string;
  smoker: string;
}

export type QuoteField = 'age' | 'coverage' | 'duration';

export interface QuoteCheck {
  /** The numbers as typed (NaN where not a number), for the page's own checks on top. */
  numbers: Pick<QuoteInput, QuoteField>;
  errors: Partial<Record<QuoteField, MessageId>>;
  /** Only when nothing is wrong. */
  input?: QuoteInput;
}

export function checkQuoteForm(form: QuoteForm): QuoteCheck {
  const errors: Partial<Record<QuoteField, MessageId>> = {};
  // Typed in Bengali or ASCII digits (৩৫, ২০,০০,০০০): the same number (the shared schemas' rule).
  const age = Number(typedNumber(form.age));
  // A person types taka; from here on the coverage is poisha, like every amount (decision 0077).
  const coverage = takaToPoisha(Number(typedNumber(form.coverage)));
  const duration = Number(form.duration);
  if (form.age.trim() === '') errors.age = 'quote.ageRequired';
  else if (!Number.isFinite(age) || age < 1 || age > 120) errors.age = 'quote.ageRange';
  if (form.coverage.trim() === '') errors.coverage = 'quote.coverageRequired';
  else if (!Number.isFinite(coverage) || coverage <= 0) errors.coverage = 'quote.coveragePositive';
  if (form.duration === '') errors.duration = 'quote.durationRequired';
  else if (!Number.isFinite(duration) || duration <= 0) errors.duration = 'quote.durationYears';
  const numbers = { age, coverage, duration };
  if (Object.keys(errors).length > 0) return { numbers, errors };
  return { numbers, errors, input: { ...numbers, gender: form.gender, smoker: form.smoker } };
}
