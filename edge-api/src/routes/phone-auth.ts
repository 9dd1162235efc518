/**
 * Phone-first sign-in and sign-up, forgotten passwords, and a proven number in the account
 * (issue 50; contract in docs/phone-accounts-api.md, rules in decision 0110). Everything that
 * sends a code or a link answers 202 before looking anything up, the same for known and
 * unknown numbers and emails; the sending goes on after the answer (http/after-answer.ts).
 */
import { Hono, type Context } from 'hono';
import { currentUser } from '../auth/access.ts';
import { queuedHashPassword as hashPassword } from '../auth/hash-queue.ts';
import { spendCode, tryCode } from '../auth/one-time-codes.ts';
import { answerWithSession } from '../auth/sign-in.ts';
import { findProfile, toUserProfile } from '../auth/user-profile.ts';
import { noteSignIn } from '../commands/accounts.ts';
import {
  accountByVerifiedPhone,
  phoneAccountEmail,
  sendResetCode,
  sendResetLink,
  sendSignInCode,
  sendVerifyCode,
  setNewPassword,
  spendResetToken,
  tellPasswordChanged,
} from '../commands/phone-accounts.ts';
import { accountExists } from '../db/users.ts';
import { afterAnswer } from '../http/after-answer.ts';
import type { RateLimitName } from '../http/config.ts';
import type { AppEnv } from '../http/env.ts';
import { ApiError, conflict, unauthorized } from '../http/errors.ts';
import { validate } from '../http/validation.ts';
import { newId } from '../lib/ids.ts';
import { countRequest, tooManyRequests } from '../lib/rate-limit.ts';
import {
  forgotPasswordBody,
  otpRequestBody,
  otpVerifyBody,
  phoneChangeRequestBody,
  phoneChangeVerifyBody,
  resetPasswordBody,
  smsPreferenceBody,
} from '../schemas/phone-accounts.ts';

export const codeSentMessage = 'We have sent a 6-digit code by SMS to this number. It works for 5 minutes.';
export const resetSentMessage = 'If an account has this number or email, we have sent it a way to reset the password. It works for a short time only.';
export const wrongCodeMessage = 'This code is not right, or it has expired. Check the SMS, or ask for a new code.';
const badLinkMessage = 'This reset link does not work any more. Please ask for a new one.';
const emailTaken = 'An account with this email already exists.';
const numberTaken = 'This number is already confirmed on another account.';

/** Per address first (any recipient), then per recipient: 429 with Retry-After. */
async function limit(c: Context<AppEnv>, names: [RateLimitName, string?][]): Promise<void> {
  for (const [name, subject] of names) {
    const wait = await countRequest(c, name, subject);
    if (wait !== null) throw tooManyRequests(c, wait);
  }
}
const limitSending = (c: Context<AppEnv>, recipient: string) => limit(c, [['codesPerAddress'], ['codesPerRecipient', recipient.toLowerCase()]]);
const limitChecks = (c: Context<AppEnv>) => limit(c, [['codeChecks']]);

const wrongCode = () => new ApiError(400, 'validation_failed', wrongCodeMessage, { fields: { code: wrongCodeMessage } });

/** The PWA's address for links in emails: PUBLIC_ORIGIN, or in the demo the address it was reached at. */
function linkOrigin(c: Context<AppEnv>): string | null {
  const { config } = c.get('deps');
  return config.publicOrigin ?? (config.demoMode ? new URL(c.req.url).origin : null);
}

export const phoneAuthRoutes = new Hono<AppEnv>()
  .post('/otp/request', validate('json', otpRequestBody), async (c) => {
    const { phone, language } = c.req.valid('json');
    await limitSending(c, phone);
    const deps = c.get('deps');
    afterAnswer(c, 'sign-in code', () => sendSignInCode(deps, phone, language));
    return c.json({ message: codeSentMessage }, 202);
  })

  .post('/otp/verify', validate('json', otpVerifyBody), async (c) => {
    const { phone, code, name, email, language } = c.req.valid('json');
    await limitChecks(c);
    const deps = c.get('deps');
    const codeId = await tryCode(deps, { phone, purpose: 'sign-in' }, code);
    if (!codeId) throw wrongCode();
    const now = deps.clock().toISOString();
    const existing = await accountByVerifiedPhone(deps.db, phone);
    if (existing) {
      if (!(await spendCode(deps, codeId))) throw wrongCode();
      await noteSignIn(deps.db, existing.id, now, language);
      return c.json({ ...(await answerWithSession(c, existing)), created: false }, 200);
    }
    // A new account: the name is asked once; the code stays good for the answer that brings it.
    if (!name) {
      throw new ApiError(400, 'validation_failed', 'Name is required', { fields: { name: 'Name is required' }, details: { reason: 'name_required' } });
    }
    if (email && (await accountExists(deps.db, email))) throw conflict(emailTaken);
    if (!(await spendCode(deps, codeId))) throw wrongCode();
    const id = newId();
    await deps.db
      .insertInto('users')
      .values({
        id,
        email: email ?? phoneAccountEmail(),
        name,
        role: 'user',
        phone,
        phone_verified_at: now,
        password_hash: null,
        created_at: now,
        last_log_in: now,
        language: language ?? null,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    // The number's account, whoever made it (a second verify racing with another code cannot make two).
    const account = await accountByVerifiedPhone(deps.db, phone);
    if (!account) throw conflict(emailTaken);
    return c.json({ ...(await answerWithSession(c, account)), created: account.id === id }, account.id === id ? 201 : 200);
  })

  .post('/password/forgot', validate('json', forgotPasswordBody), async (c) => {
    const body = c.req.valid('json');
    const deps = c.get('deps');
    if ('phone' in body) {
      await limitSending(c, body.phone);
      afterAnswer(c, 'reset code', () => sendResetCode(deps, body.phone));
    } else {
      await limitSending(c, body.email);
      const origin = linkOrigin(c);
      afterAnswer(c, 'reset link', () => sendResetLink(deps, body.email, origin));
    }
    return c.json({ message: resetSentMessage }, 202);
  })

  .post('/password/reset', validate('json', resetPasswordBody), async (c) => {
    const body = c.req.valid('json');
    await limitChecks(c);
    const deps = c.get('deps');
    let userId: string | null;
    if ('phone' in body) {
      const codeId = await tryCode(deps, { phone: body.phone, purpose: 'reset' }, body.code);
      const account = codeId ? await accountByVerifiedPhone(deps.db, body.phone) : undefined;
      if (!codeId || !account || !(await spendCode(deps, codeId))) throw wrongCode();
      userId = account.id;
    } else {
      userId = await spendResetToken(deps, body.token);
      if (!userId) throw new ApiError(400, 'validation_failed', badLinkMessage, { fields: { token: badLinkMessage } });
    }
    await setNewPassword(deps, userId, await hashPassword(body.password));
    const told = userId;
    afterAnswer(c, 'password changed notice', () => tellPasswordChanged(deps, told));
    return c.json({ message: 'Your password has been changed, and you were signed out everywhere. Please sign in with the new password.' }, 200);
  })

  .post('/phone/request', validate('json', phoneChangeRequestBody), async (c) => {
    const { phone } = c.req.valid('json');
    const user = currentUser(c);
    await limitSending(c, phone);
    const deps = c.get('deps');
    afterAnswer(c, 'number code', () => sendVerifyCode(deps, phone, user.id));
    return c.json({ message: codeSentMessage }, 202);
  })

  .post('/phone/verify', validate('json', phoneChangeVerifyBody), async (c) => {
    const { phone, code } = c.req.valid('json');
    const user = currentUser(c);
    await limitChecks(c);
    const deps = c.get('deps');
    const codeId = await tryCode(deps, { phone, purpose: 'verify-phone', userId: user.id }, code);
    if (!codeId) throw wrongCode();
    const holder = await accountByVerifiedPhone(deps.db, phone);
    if (holder && holder.id !== user.id) throw conflict(numberTaken);
    if (!(await spendCode(deps, codeId))) throw wrongCode();
    try {
      await deps.db.updateTable('users').set({ phone, phone_verified_at: deps.clock().toISOString() }).where('id', '=', user.id).execute();
    } catch {
      // The unique index on proven numbers: another account proved it in the meantime.
      throw conflict(numberTaken);
    }
    const row = await findProfile(deps.db, { id: user.id });
    if (!row) throw unauthorized('This account no longer exists.');
    return c.json(toUserProfile(row), 200);
  })

  .put('/sms', validate('json', smsPreferenceBody), async (c) => {
    const { smsOptOut } = c.req.valid('json');
    const user = currentUser(c);
    await c.get('deps').db.updateTable('users').set({ sms_opt_out: smsOptOut ? 1 : 0 }).where('id', '=', user.id).execute();
    return c.json({ smsOptOut }, 200);
  });
