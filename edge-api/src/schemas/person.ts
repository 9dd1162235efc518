/**
 * A person's phone number and national ID, as the policy application and the agent request
 * both ask for them: one rule and one message each, for the server and the PWA's forms.
 */
import { z } from './zod.ts';
import { asciiDigits } from './digits.ts';
import { optionalText, requiredText } from './fields.ts';

export const phoneMessage = 'Please enter a valid phone number';
/** Digits with an optional leading +, spaces or dashes between (Bangladeshi and foreign numbers); Bengali digits are stored as ASCII. */
const phonePattern = /^\+?[\d\s-]{6,20}$/;

/** A phone number that may be left out: blank becomes null, anything else must look like a number. */
export const optionalPhone = optionalText('Phone', 30)
  .transform((phone) => phone && asciiDigits(phone))
  .refine((phone) => phone === null || phonePattern.test(phone), phoneMessage);

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
