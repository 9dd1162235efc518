/**
 * The app's own text for each error code the API answers with (edge-api/src/http/errors.ts's
 * fixed list; api-errors.test.ts enumerates it). English pages show the server's own words (the
 * spec's wording); Bangla pages show a known message translated, else the code's Bangla text.
 */
import type { ErrorCode } from 'edge-api/src/http/errors.ts';
import { fieldMessage } from './field-messages.ts';
import { currentLocale, t, type MessageId } from './runtime.ts';

export const apiErrorMessages: Record<ErrorCode, MessageId> = {
  bad_request: 'apiError.badRequest',
  validation_failed: 'apiError.validationFailed',
  unauthorized: 'apiError.unauthorized',
  forbidden: 'apiError.forbidden',
  not_found: 'apiError.notFound',
  conflict: 'apiError.conflict',
  idempotency_mismatch: 'apiError.idempotencyMismatch',
  payload_too_large: 'apiError.payloadTooLarge',
  unsupported_media_type: 'apiError.unsupportedMediaType',
  too_many_requests: 'apiError.tooManyRequests',
  payment_failed: 'apiError.paymentFailed',
  internal: 'apiError.internal',
  service_unavailable: 'apiError.serviceUnavailable',
};

/** The text to show for the server's refusal (`error` code and `message`) in the page's language. */
export function apiErrorText(code: string, message: string): string {
  if (currentLocale() === 'en') return message;
  const known = fieldMessage(message);
  if (known !== message) return known;
  const id = apiErrorMessages[code as ErrorCode];
  return id ? t(id) : message;
}
