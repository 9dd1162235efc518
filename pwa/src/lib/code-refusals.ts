/**
 * What a person reads when the server refuses a one-time code or a request for one (issue 50).
 *
 * The server gives one answer for a code that is wrong, expired, spent by five wrong tries or
 * used already (docs/phone-accounts-api.md: the answer must not tell a guesser which). The page
 * knows what the person did on it: when the code was sent and how many wrong tries it has had,
 * so it says which of those it most likely is, by the server's rules (5 minutes, 5 tries).
 * A request refused for too many tries says how long to wait (the server's Retry-After).
 */
import { ApiRequestError, messageOf } from './api-error.ts';
import { fieldMessage } from './i18n/field-messages.ts';
import { localDigits } from './i18n/format.ts';
import { t } from './i18n/runtime.ts';

/** The server's rules for a code (decision 0110): five minutes, five wrong tries. */
export const codeLifeMs = 5 * 60_000;
export const codeMaxTries = 5;

/** "45 seconds" or "3 minutes", with the page's digits. */
export function waitText(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 90) return t('auth.waitSeconds', { count: localDigits(String(whole)) });
  return t('auth.waitMinutes', { count: localDigits(String(Math.ceil(whole / 60))) });
}

/** The seconds the server asked to wait before asking again (a 429's details), if any. */
export function retryAfterOf(error: unknown): number | null {
  if (!(error instanceof ApiRequestError) || error.status !== 429) return null;
  const seconds = Number(error.body?.details?.retryAfterSeconds);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

/** The server's named reason for a refusal (`name_required`), when it gave one. */
export function reasonOf(error: unknown): string | null {
  if (!(error instanceof ApiRequestError)) return null;
  const reason = error.body?.details?.reason;
  return typeof reason === 'string' ? reason : null;
}

/** The server refused the code itself (wrong, expired, spent or used): its `code` field. */
export const isCodeRefused = (error: unknown) => error instanceof ApiRequestError && error.status === 400 && typeof error.body?.fields?.code === 'string';

/** The code on this page: when it was sent and its wrong tries so far. */
export interface CodeTries {
  sentAt: number;
  wrong: number;
}

/** Why the code was refused, most likely, from what this page saw. */
export function refusedCodeText(tries: CodeTries, now = Date.now()): string {
  if (now - tries.sentAt > codeLifeMs) return t('auth.codeExpired');
  if (tries.wrong >= codeMaxTries) return t('auth.codeSpent');
  return t('auth.codeWrongLeft', { left: localDigits(String(codeMaxTries - tries.wrong)) });
}

/** A code that can no longer work, whatever is typed: a new one is needed. */
export const codeDead = (tries: CodeTries, now = Date.now()) => now - tries.sentAt > codeLifeMs || tries.wrong >= codeMaxTries;

/** The text for any other refusal: too many tries (with the wait), a field's message, or no network. */
export function refusalText(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return t('auth.unreachable');
  if (error.status === 429) {
    const wait = retryAfterOf(error);
    return wait === null ? t('auth.tooManySoon') : t('auth.tooMany', { wait: waitText(wait) });
  }
  const fields = error.body?.fields;
  const fieldText = fields?.phone ?? fields?.code ?? fields?.email ?? fields?.password ?? fields?.name;
  if (fieldText) return fieldMessage(fieldText);
  return messageOf(error, t('auth.somethingWrong'));
}
