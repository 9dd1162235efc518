/**
 * A policy's age range and an applicant's age against it (issue 29), without zod: the quote
 * page checks an age with these before a visitor's first estimate, and loads nothing else of
 * the schemas (eligibility.ts re-exports them with the date-of-birth schema).
 */
/** Whole years between a date of birth (yyyy-mm-dd) and a day (the server's today, UTC). */
export function ageOn(dateOfBirth: string, day: Date): number {
  const [year, month, date] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = day.getUTCFullYear() - year;
  const birthdayPassed = day.getUTCMonth() + 1 > month || (day.getUTCMonth() + 1 === month && day.getUTCDate() >= date);
  if (!birthdayPassed) age -= 1;
  return age;
}

export interface AgeRange {
  minAge: number;
  maxAge: number;
}

export type AgeVerdict = 'ok' | 'future' | 'tooYoung' | 'tooOld';

/** Whether an age is within a policy's range (both ends included). */
export function judgeAge(age: number, range: AgeRange): AgeVerdict {
  if (age < 0) return 'future';
  if (age < range.minAge) return 'tooYoung';
  if (age > range.maxAge) return 'tooOld';
  return 'ok';
}

/** The server's words for a refusal; the PWA shows its own translated text for the same verdict. */
export const outsideAgeRangeMessage = (age: number, range: AgeRange) =>
  `This policy is for ages ${range.minAge} to ${range.maxAge}; the applicant is ${age}.`;
