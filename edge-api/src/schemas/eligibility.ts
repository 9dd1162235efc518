/**
 * Who a policy may cover (issue 29): the applicant's date of birth, their age on a given day,
 * and the policy's age range, written once for the server's check and the PWA's quote and
 * Apply forms, so the forms never accept what the server refuses.
 */
import { z } from './zod.ts';
import { asciiDigits } from './digits.ts';

export const dateOfBirthRequired = 'Date of birth is required';
export const dateOfBirthInvalid = 'Please enter a real date of birth (year-month-day)';
export const dateOfBirthFuture = 'Date of birth cannot be in the future';

/** yyyy-mm-dd as a calendar day that exists (2023-02-30 does not). */
function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && year >= 1880;
}

/** A date of birth as a date input sends it (Bengali digits taken as ASCII). */
export const dateOfBirth = z
  .string({ error: dateOfBirthRequired })
  .transform((value) => asciiDigits(value.trim()))
  .pipe(z.string().min(1, dateOfBirthRequired).refine(isCalendarDay, dateOfBirthInvalid));

export { ageOn, judgeAge, outsideAgeRangeMessage, type AgeRange, type AgeVerdict } from './age-range.ts';

/** Why an agent rejects an application: a short list, and free text beside it. */
export const rejectionReasons = ['age', 'health', 'documents', 'mismatch', 'other'] as const;
export type RejectionReason = (typeof rejectionReasons)[number];
