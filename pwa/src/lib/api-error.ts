import type { ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import { apiErrorText } from '../lib/i18n/api-errors.ts';

/** The API's one error shape (edge-api/src/http/errors.ts), as the PWA reads it. */
export interface ApiErrorBody {
  error: string;
  message: string;
  fields?: Record<string, string>;
  details?: Record<string, unknown>;
}

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | null,
  ) {
    super(body?.message ?? `Request failed (${status})`);
  }
}

/** Reads a failed response into an error carrying the server's message when it sent one. */
export async function toApiError(res: Pick<Response, 'status' | 'json'>): Promise<ApiRequestError> {
  let body: ApiErrorBody | null = null;
  try {
    const parsed = (await res.json()) as Partial<ApiErrorBody>;
    if (typeof parsed?.message === 'string') body = parsed as ApiErrorBody;
  } catch {
    body = null;
  }
  return new ApiRequestError(res.status, body);
}

/**
 * Lets go of an answer the app will not read (a failed renewal, a pull's page for a session that
 * has just changed). Unread, its body stays open in the page until the request's own time-out
 * ends it (15 s for a renewal, 30 s for a pull): the page's network never settles and the
 * time-out's timer is kept that long. (Refusals through `authFetch` are read there: http.ts.)
 */
export function discardAnswer(res: { body: ReadableStream | null }): void {
  void res.body?.cancel().catch(() => undefined);
}

/**
 * What a successful answer of a typed-client call holds, exactly as the server's route declared
 * it with `c.json(..., status)`: the answers whose status is a success, never the caller's guess.
 */
export type AnswerOf<R> =
  R extends ClientResponse<infer Body, infer Status, infer Format> ? (Status extends SuccessStatusCode ? (Format extends 'json' ? Body : never) : never) : never;

/** Throws the API error of a non-OK answer, else reads its JSON, typed by the server's route. */
export async function answerOf<R extends ClientResponse<unknown>>(res: R): Promise<AnswerOf<R>> {
  if (!res.ok) throw await toApiError(res);
  // The one cast: hc's json() gives the union of every status's body; a success's is the one wanted.
  return (await res.json()) as AnswerOf<R>;
}

/** The message to show for any failure: the server's words (in the page's language), else the fallback. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.body?.message) return apiErrorText(error.body.error, error.body.message);
  return fallback;
}

/** The server answered that the thing asked for does not exist (not a network failure). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 404;
}
