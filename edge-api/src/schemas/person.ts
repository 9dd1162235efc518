/**
 * A person's phone number and national ID, as the policy application, the agent request, the
 * profile and a claim ask for them: one rule and one message each, for the server and the PWA's forms.
 */
import { z } from './zod.ts';
import { asciiDigits } from './digits.ts';
import { requiredText } from './fields.ts';

export const phoneMessage = 'Please enter a valid phone number';
/** Digits with an optional leading +, spaces or dashes between (Bangladeshi and foreign numbers); Bengali digits are stored as ASCII. */
const phonePattern = /^\+?[\d\s-]{6,20}$/;

/** A required phone number (the agent request). */
export const requiredPhone = requiredText('Phone', 30, 'Phone is required').transform(asciiDigits).pipe(z.string().regex(phonePattern, phoneMessage));

export const nidMessage = 'NID must be a number (digits only)';
/** The national ID: digits only (Bengali digits stored as ASCII); a JSON number is taken as its digits. */
export const nidNumber = z
  .union([z.string(), z.number()], { error: 'NID is required' })
  .transform((value) => asciiDigits(String(value).trim()))
  .pipe(z.string().min(1, 'NID is required').max(30, 'NID is too long').regex(/^\d+$/, nidMessage));


/**
 * A Bangladeshi mobile number (issue 29, the profile): 01, then 3-9 (the operators' prefixes),
 * then 8 digits, with or without the country code +880 (or 880), spaces and dashes allowed,
 * Bengali digits too. Stored as +8801XXXXXXXXX, the form a tel: link and an SMS gateway want.
 */
export const bdMobileMessage = 'Please enter a Bangladeshi mobile number: 01 and 9 more digits (01712345678), with or without +880';
// 01XXXXXXXXX at home; with the country code the leading 0 goes: +8801XXXXXXXXX is +880 1XXXXXXXXX.
const bdMobilePattern = /^(?:0|\+?880)(1[3-9]\d{8})$/;

export const normaliseBdMobile = (typed: string): string | null => {
  const match = bdMobilePattern.exec(asciiDigits(typed).replace(/[\s-]/g, ''));
  return match ? `+880${match[1]!}` : null;
};

/** The profile's phone: blank or null removes it, anything else must be a Bangladeshi mobile number. */
export const bdMobilePhone = z
  .union([z.string().max(30, bdMobileMessage), z.null()], { error: bdMobileMessage })
  .transform((value, ctx) => {
    if (value === null || value.trim() === '') return null;
    const phone = normaliseBdMobile(value);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: bdMobileMessage });
      return z.NEVER;
    }
    return phone;
  });

/**
 * The profile's rule for a phone that may be left out (the policy application, issue 47): blank,
 * null or absent is no phone; anything else must be a Bangladeshi mobile number, stored as +8801….
 */
export const optionalBdMobile = bdMobilePhone.optional().transform((phone) => phone ?? null);

/**
 * A Bangladeshi national ID (issue 47): 10 digits (the smart card), 13 (the older card) or 17
 * (the older card's 13 with the holder's birth year in front). Bengali digits are stored as
 * ASCII; spaces and dashes people type between groups are dropped. A JSON number is taken as its
 * digits only while it is exact (a 17-digit number is not: it would be stored as another NID).
 */
export const bdNidMessage = 'Please enter a Bangladeshi NID number: 10, 13 or 17 digits';
const bdNidPattern = /^(?:\d{10}|\d{13}|\d{17})$/;

export const bdNid = (required = 'NID is required') =>
  z
    .union([z.string(), z.number().refine(Number.isSafeInteger, bdNidMessage)], { error: required })
    .transform((value) => asciiDigits(String(value)).replace(/[\s-]/g, ''))
    .pipe(z.string().min(1, required).regex(bdNidPattern, bdNidMessage));

/**
 * Whether two NIDs are the same person's: equal, or the 17-digit form of the 13-digit one (its
 * birth year in front). The 10-digit smart-card number is another number altogether.
 */
export function sameNid(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return short.length === 13 && long.length === 17 && long.endsWith(short);
}
