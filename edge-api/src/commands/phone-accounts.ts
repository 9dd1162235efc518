/**
 * Phone-first accounts and forgotten passwords (issue 50, decision 0110): what is sent (codes
 * by SMS, reset links by email) and what a right code or link does. The routes
 * (routes/phone-auth.ts) answer before anything here is sent, so the answer is the same,
 * in body and in time, whether an account exists or not.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { AppDeps } from '../http/env.ts';
import { newId, newSecretToken, tokenHash } from '../lib/ids.ts';
import { isDeliverable, phoneAccountEmailDomain } from '../schemas/phone-accounts.ts';
import { issueCode, type CodePurpose } from '../auth/one-time-codes.ts';
import { endAllRefreshFamilies } from '../auth/refresh-sessions.ts';
import type { Language } from '../schemas/language.ts';
import { sendSms } from '../sms/sender.ts';
import { codeText, passwordChangedText } from '../sms/texts.ts';
import { resetEmail, passwordChangedEmail } from '../mail/texts.ts';

type Deps = Pick<AppDeps, 'db' | 'batch' | 'clock' | 'config' | 'sms' | 'mailer'>;

const accountColumns = ['id', 'email', 'name', 'role', 'photo_url', 'language', 'phone', 'phone_verified_at'] as const;

/** The account whose proven number this is. */
export function accountByVerifiedPhone(db: Kysely<Database>, phone: string) {
  return db.selectFrom('users').select(accountColumns).where('phone', '=', phone).where('phone_verified_at', 'is not', null).executeTakeFirst();
}

const languageOf = (row: { language?: string | null } | undefined, fallback?: Language): Language =>
  row?.language === 'bn' || row?.language === 'en' ? row.language : (fallback ?? 'en');

const minutes = (deps: Deps) => Math.round(deps.config.sms.codeTtlSeconds / 60);

const codeKind = { 'sign-in': 'sign-in-code', reset: 'reset-code', 'verify-phone': 'verify-code' } as const;

async function sendCode(deps: Deps, phone: string, purpose: CodePurpose, language: Language, userId?: string): Promise<void> {
  const code = await issueCode(deps, { phone, purpose, userId });
  await sendSms(deps, { phone, kind: codeKind[purpose], text: codeText(purpose, language, code, minutes(deps)) });
}

/** A sign-in code goes to every Bangladeshi number: an unknown one signs up with it. */
export async function sendSignInCode(deps: Deps, phone: string, pageLanguage?: Language): Promise<void> {
  const account = await accountByVerifiedPhone(deps.db, phone);
  await sendCode(deps, phone, 'sign-in', languageOf(account, pageLanguage));
}

/** A reset code goes only to a number that is an account's; nothing is sent otherwise. */
export async function sendResetCode(deps: Deps, phone: string): Promise<void> {
  const account = await accountByVerifiedPhone(deps.db, phone);
  if (account) await sendCode(deps, phone, 'reset', languageOf(account));
}

/** A code to the number a signed-in person adds to their account. */
export async function sendVerifyCode(deps: Deps, phone: string, userId: string): Promise<void> {
  const account = await deps.db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
  await sendCode(deps, phone, 'verify-phone', languageOf(account), userId);
}

/** The stand-in email of an account made by phone (nothing is ever sent to it). */
export const phoneAccountEmail = () => `phone-${newId()}@${phoneAccountEmailDomain}`;

/**
 * A reset link to the account of `email`, when it has one, a real address and a way to send
 * email; `origin` is the PWA's public address. The link is in the person's language.
 */
export async function sendResetLink(deps: Deps, email: string, origin: string | null): Promise<void> {
  if (!deps.mailer || !origin || !isDeliverable(email)) return;
  const account = await deps.db.selectFrom('users').select(['id', 'email', 'name', 'language']).where('email', '=', email).executeTakeFirst();
  if (!account) return;
  const token = newSecretToken();
  const now = deps.clock().getTime();
  const { db } = deps;
  await deps.batch([
    // Only the newest link works.
    db.updateTable('password_reset_tokens').set({ used_at: now }).where('user_id', '=', account.id).where('used_at', 'is', null).compile(),
    db
      .insertInto('password_reset_tokens')
      .values({ token_hash: await tokenHash(token), user_id: account.id, created_at: now, expires_at: now + deps.config.mail.resetLinkTtlSeconds * 1000 })
      .compile(),
  ]);
  const language = languageOf(account);
  const link = `${origin}${language === 'bn' ? '/bn' : ''}/reset-password?token=${encodeURIComponent(token)}`;
  await deps.mailer.send({ to: account.email, ...resetEmail(language, account.name, link, Math.round(deps.config.mail.resetLinkTtlSeconds / 60)) });
}

/** Uses up a reset link's token: the account it is for, or null when it is unknown, used or expired. */
export async function spendResetToken(deps: Deps, token: string): Promise<string | null> {
  const now = deps.clock().getTime();
  const row = await deps.db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', await tokenHash(token))
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/**
 * After a reset: the new password, every session ended, every other code and link of the
 * account spent (OWASP: one reset, once).
 */
export async function setNewPassword(deps: Deps & Pick<AppDeps, 'db'>, userId: string, passwordHash: string): Promise<void> {
  const { db } = deps;
  const now = deps.clock().getTime();
  const account = await db.selectFrom('users').select(['phone', 'phone_verified_at']).where('id', '=', userId).executeTakeFirst();
  await deps.batch([
    db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).compile(),
    db.updateTable('password_reset_tokens').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).compile(),
    ...(account?.phone && account.phone_verified_at
      ? [db.updateTable('one_time_codes').set({ used_at: now }).where('phone', '=', account.phone).where('purpose', '=', 'reset').where('used_at', 'is', null).compile()]
      : []),
  ]);
  await endAllRefreshFamilies(deps as AppDeps, userId);
}

/** Tells the person their password was changed: by SMS to a proven number, and by email to a real address. */
export async function tellPasswordChanged(deps: Deps, userId: string): Promise<void> {
  const account = await deps.db.selectFrom('users').select(accountColumns).where('id', '=', userId).executeTakeFirst();
  if (!account) return;
  const language = languageOf(account);
  if (account.phone && account.phone_verified_at) {
    await sendSms(deps, { phone: account.phone, kind: 'password-changed', text: passwordChangedText[language] });
  }
  if (deps.mailer && isDeliverable(account.email)) {
    await deps.mailer.send({ to: account.email, ...passwordChangedEmail(language, account.name) });
  }
}
