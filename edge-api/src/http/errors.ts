import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { noteFailure } from './failures.ts';

/** The fixed list of error codes the API answers with. */
export const errorCodes = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'idempotency_mismatch',
  'payload_too_large',
  'unsupported_media_type',
  'too_many_requests',
  'payment_failed',
  'internal',
  'service_unavailable',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** The one error shape of the API. `message` is meant for people and shown as is. */
export interface ErrorBody {
  error: ErrorCode;
  message: string;
  /** Per-field messages for validation failures. */
  fields?: Record<string, string>;
  /** Extra facts, such as the current state of a record a transition was refused on. */
  details?: Record<string, unknown>;
}

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly extra: Pick<ErrorBody, 'fields' | 'details'> = {},
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new ApiError(404, 'not_found', `${what} not found`);
export const forbidden = (message = 'You do not have permission to do this') =>
  new ApiError(403, 'forbidden', message);
export const unauthorized = (message = 'Please sign in to continue') =>
  new ApiError(401, 'unauthorized', message);
export const conflict = (message: string, details?: Record<string, unknown>) =>
  new ApiError(409, 'conflict', message, { details });

function statusCode(status: number): ErrorCode {
  switch (status) {
    case 400: return 'bad_request';
    case 401: return 'unauthorized';
    case 403: return 'forbidden';
    case 404: return 'not_found';
    case 409: return 'conflict';
    case 413: return 'payload_too_large';
    case 415: return 'unsupported_media_type';
    case 429: return 'too_many_requests';
    case 503: return 'service_unavailable';
    default: return status >= 500 ? 'internal' : 'bad_request';
  }
}

export const storageFullMessage = 'The server has run out of storage space, so nothing was saved. Please try again later.';

/** The disk (ENOSPC, a quota) or the database file (SQLITE_FULL) is full. */
function isStorageFull(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL') return true;
  return err instanceof Error && /SQLITE_FULL|database or disk is full/i.test(err.message);
}

export function errorResponse(c: Context, error: ApiError) {
  const body: ErrorBody = { error: error.code, message: error.message, ...error.extra };
  // The rest of an oversized body was never read; the connection cannot be reused after it.
  if (error.status === 413) c.header('Connection', 'close');
  const retryAfter = error.extra.details?.retryAfterSeconds;
  if (error.status === 503 && typeof retryAfter === 'number') c.header('Retry-After', String(retryAfter));
  return c.json(body, error.status);
}

/** The one `onError` of the app: every failure leaves in the same shape. */
export function handleError(err: Error, c: Context) {
  if (err instanceof ApiError) return errorResponse(c, err);
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    const message =
      status === 413 ? 'The request is too large' : err.message || 'The request could not be processed';
    return errorResponse(c, new ApiError(status, statusCode(status), message));
  }
  if (err instanceof SyntaxError) {
    return errorResponse(c, new ApiError(400, 'bad_request', 'The request body is not valid JSON'));
  }
  // Its stack goes once into the request's log line, with the request id (failures.ts).
  noteFailure(c, err);
  // A full disk is the operator's to fix, not a bug: say so, and that nothing was kept.
  if (isStorageFull(err)) return errorResponse(c, new ApiError(503, 'service_unavailable', storageFullMessage));
  return errorResponse(c, new ApiError(500, 'internal', 'Something went wrong on our side. Please try again.'));
}
