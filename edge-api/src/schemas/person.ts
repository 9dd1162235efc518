/**
 * A person's phone number and national ID, as the policy application and the agent request
 * both ask for them: one rule and one message each, for the server and the PWA's forms.
 */
import { z } from 'zod';
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

