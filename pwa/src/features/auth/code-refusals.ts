/**
 * What a person reads when the server refuses a one-time code or a request for one (issue 50):
 * a wrong code (with the tries left), a code spent by five wrong tries, one expired or used
 * already, too many codes asked for (with the wait), a number that is not a Bangladeshi mobile
 * number, a reset link that no longer works, and no network at all. Each in the page's language.
 */
import { ApiRequestError, messageOf } from '../../lib/api-error.ts';
import { fieldMessage } from '../../lib/i18n/field-messages.ts';
import { localDigits } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/runtime.ts';

/** "45 seconds" or "3 minutes", with the page's digits. */
export function waitText(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 90) return t('auth.waitSeconds', { count: localDigits(String(whole)) });
  return t('auth.waitMinutes', { count: localDigits(String(Math.ceil(whole / 60))) });
}

/** The seconds the server asked to wait (its Retry-After, echoed in the error's details), if any. */
export function retryAfterOf(error: unknown): number | null {
  if (!(error instanceof ApiRequestError) || error.status !== 429) return null;
  const seconds = Number(error.body?.details?.retryAfter);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

/** The server's reason for refusing a code (docs/phone-accounts-api.md), when it gave one. */
export function reasonOf(error: unknown): string | null {
  if (!(error instanceof ApiRequestError)) return null;
  const reason = error.body?.details?.reason;
  return typeof reason === 'string' ? reason : null;
}

/** The text for any refusal of a code, a request for one, or a reset. */
export function codeRefusalText(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return t('auth.unreachable');
  const wait = retryAfterOf(error);
  if (error.status === 429) return wait === null ? t('auth.tooManySoon') : t('auth.tooMany', { wait: waitText(wait) });
  const fields = error.body?.fields;
  const fieldText = fields?.phone ?? fields?.code ?? fields?.email ?? fields?.password;
  switch (reasonOf(error)) {
    case 'wrong_code': {
      const left = Number(error.body?.details?.attemptsLeft);
      return Number.isFinite(left) && left > 0 ? t('auth.codeWrongLeft', { left: localDigits(String(left)) }) : t('auth.codeWrong');
    }
    case 'code_spent':
      return t('auth.codeSpent');
    case 'code_expired':
    case 'no_code':
      return t('auth.codeExpired');
    case 'token_invalid':
    case 'token_expired':
      return t('auth.resetLinkDead');
  }
  if (fieldText) return fieldMessage(fieldText);
  return messageOf(error, t('auth.somethingWrong'));
}
