/**
 * The phone and password-recovery calls of issue 50 (docs/phone-accounts-api.md), through the
 * plain typed client: no bearer token, the refresh cookie set by a sign-in.
 */
import { plainApi } from '../../lib/api-client.ts';
import { answerOf } from '../../lib/api-error.ts';
import { signInLanguage } from '../../lib/i18n/page-language.ts';
import { acceptSession, beforeSignIn, type SessionUser } from '../../lib/session.ts';

const { auth } = plainApi;

/** Sends a sign-in code by SMS (202 whether or not the number has an account). */
export async function requestSignInCode(phone: string): Promise<void> {
  await answerOf(await auth.otp.request.$post({ json: { phone } }));
}

export type CodeSignIn = { state: 'signed-in'; user: SessionUser; newAccount: boolean } | { state: 'needs-name' };

/**
 * Signs in with the code; a number without an account gets one, and is asked its name first
 * (`needs-name`: the code is kept for the second call, which carries the name and an optional email).
 */
export async function verifySignInCode(body: { phone: string; code: string; name?: string; email?: string }): Promise<CodeSignIn> {
  await beforeSignIn();
  const language = signInLanguage();
  const answer = await answerOf(await auth.otp.verify.$post({ json: { ...body, ...(language && { language }) } }));
  if ('needsName' in answer && answer.needsName) return { state: 'needs-name' };
  if (!('accessToken' in answer)) return { state: 'needs-name' };
  return { state: 'signed-in', user: acceptSession(answer), newAccount: Boolean(answer.created) };
}

/** Starts a reset: a code by SMS to a number, or a link by email (202 alike for known and unknown). */
export async function requestPasswordReset(to: { phone: string } | { email: string }): Promise<void> {
  await answerOf(await auth.password.forgot.$post({ json: to }));
}

/** Sets the new password with the code sent to the number, or the token of the emailed link. */
export async function resetPassword(body: { phone: string; code: string; password: string } | { token: string; password: string }): Promise<void> {
  await answerOf(await auth.password.reset.$post({ json: body }));
}
