/**
 * The request shapes of phone-first accounts, one-time codes and forgotten passwords (issue 50,
 * docs/phone-accounts-api.md). Pure zod, no server imports, so the PWA's forms use the same rules.
 */
import { z } from './zod.ts';
import { asciiDigits } from './digits.ts';
import { bdMobileMessage, normaliseBdMobile } from './person.ts';
import { emailField, passwordField } from './auth.ts';
import { languageField } from './language.ts';
import { cleanRequiredLine } from './text.ts';

/** Accounts made by phone have a stand-in email under this reserved name (RFC 2606): never written to, never shown. */
export const phoneAccountEmailDomain = 'phone.invalid';
/** Whether an address is a real one (not a phone account's stand-in): mail goes to it, screens show it. */
export const isDeliverable = (email: string) => !email.toLowerCase().endsWith(`@${phoneAccountEmailDomain}`);

/** A Bangladeshi mobile number (+8801[3-9]XXXXXXXX), typed in any of the forms the profile takes; required. */
export const bdMobileRequired = z
  .string({ error: 'Mobile number is required' })
  .max(30, bdMobileMessage)
  .transform((value, ctx) => {
    if (value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: 'Mobile number is required' });
      return z.NEVER;
    }
    const phone = normaliseBdMobile(value);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: bdMobileMessage });
      return z.NEVER;
    }
    return phone;
  });

export const codeMessage = 'Enter the 6-digit code from the SMS';
/** The 6-digit code, Bengali digits taken as ASCII, spaces people type between groups dropped. */
export const oneTimeCode = z
  .string({ error: codeMessage })
  .max(20, codeMessage)
  .transform((value) => asciiDigits(value).replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, codeMessage));

/** POST /auth/otp/request: a code to sign in (or sign up) with. `language`: the page's, for a number with no account yet. */
export const otpRequestBody = z.object({ phone: bdMobileRequired, language: languageField.optional() });
export type OtpRequestBody = z.infer<typeof otpRequestBody>;

/**
 * POST /auth/otp/verify. `name` is needed only when the number has no account yet (the answer
 * says so, and the same code still works); `email` is optional then, and ignored otherwise.
 */
export const otpVerifyBody = z.object({
  phone: bdMobileRequired,
  code: oneTimeCode,
  name: cleanRequiredLine('Name is required', 120, 'Name is too long').optional(),
  email: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), emailField.optional()),
  language: languageField.optional(),
});
export type OtpVerifyBody = z.infer<typeof otpVerifyBody>;

/** POST /auth/password/forgot: by phone (a code) or by email (a link); exactly one of them. */
export const forgotPasswordBody = z.union([
  z.object({ phone: bdMobileRequired, language: languageField.optional() }).strict(),
  z.object({ email: emailField, language: languageField.optional() }).strict(),
], { error: 'Send your mobile number or your email' });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;

const newPassword = passwordField;
/** POST /auth/password/reset: the code sent by SMS with the number, or the token of the emailed link. */
export const resetPasswordBody = z.union([
  z.object({ phone: bdMobileRequired, code: oneTimeCode, password: newPassword }).strict(),
  z.object({ token: z.string().min(20, 'This reset link is not complete').max(200, 'This reset link is not complete'), password: newPassword }).strict(),
], { error: 'Send the code with your mobile number, or the link\'s token, and a new password' });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** POST /auth/phone/request (signed in): a code to the number to add or change. */
export const phoneChangeRequestBody = z.object({ phone: bdMobileRequired });
/** POST /auth/phone/verify (signed in): the number proven, it becomes the account's. */
export const phoneChangeVerifyBody = z.object({ phone: bdMobileRequired, code: oneTimeCode });

/** PUT /auth/sms: no SMS about policies (codes the person asks for still come). */
export const smsPreferenceBody = z.object({ smsOptOut: z.boolean({ error: 'smsOptOut must be true or false' }) });
