/**
 * The phone and password-recovery calls of issue 50 (docs/phone-accounts-api.md), through the
 * plain typed client: no bearer token, the refresh cookie set by a sign-in.
 */
import { plainApi } from '../../lib/api-client.ts';
import { answerOf } from '../../lib/api-error.ts';
import { reasonOf } from '../../lib/code-refusals.ts';
import { signInLanguage } from '../../lib/i18n/page-language.ts';
import { acceptSession, beforeSignIn, type SessionUser } from '../../lib/session.ts';

const { auth } = plainApi;

/** The page's language goes along: a number with no account yet gets its SMS in it. */
const withLanguage = <T extends object>(body: T) => {
  const language = signInLanguage();
  return language ? { ...body, language } : body;
};

/** Sends a sign-in code by SMS (202 whether or not the number has an account). */
export async function requestSignInCode(phone: string): Promise<void> {
  await answerOf(await auth.otp.request.$post({ json: withLanguage({ phone }) }));
}

export type CodeSignIn = { state: 'signed-in'; user: SessionUser; newAccount: boolean } | { state: 'needs-name' };

/**
 * Signs in with the code; a number without an account gets one, and is asked its name first
 * (the server answers `name_required` and keeps the code good for the call that brings the name
 * and an optional email).
 */
export async function verifySignInCode(body: { phone: string; code: string; name?: string; email?: string }): Promise<CodeSignIn> {
  await beforeSignIn();
  try {
    const answer = await answerOf(await auth.otp.verify.$post({ json: withLanguage(body) }));
    return { state: 'signed-in', user: acceptSession(answer), newAccount: answer.created };
  } catch (error) {
    if (reasonOf(error) === 'name_required' && body.name === undefined) return { state: 'needs-name' };
    throw error;
  }
}

/** Starts a reset: a code by SMS to a number, or a link by email (202 alike for known and unknown). */
export async function requestPasswordReset(to: { phone: string } | { email: string }): Promise<void> {
  await answerOf(await auth.password.forgot.$post({ json: withLanguage(to) }));
}

/** Sets the new password with the code sent to the number, or the token of the emailed link. */
export async function resetPassword(body: { phone: string; code: string; password: string } | { token: string; password: string }): Promise<void> {
  await answerOf(await auth.password.reset.$post({ json: body }));
}
