/** The API's one error shape (edge-api/src/errors.ts), as the PWA reads it. */
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
export async function toApiError(res: Response): Promise<ApiRequestError> {
  let body: ApiErrorBody | null = null;
  try {
    const parsed = (await res.json()) as Partial<ApiErrorBody>;
    if (typeof parsed?.message === 'string') body = parsed as ApiErrorBody;
  } catch {
    body = null;
  }
  return new ApiRequestError(res.status, body);
}

/** Throws the API error of a non-OK response, else parses its JSON. */
export async function jsonOrThrow<T>(res: Response): Promise<T> {
  if (!res.ok) throw await toApiError(res);
  return (await res.json()) as T;
}

/** The message to show for any failure: the server's words, else the fallback. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.body?.message) return error.body.message;
  return fallback;
}

/** The server answered that the thing asked for does not exist (not a network failure). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 404;
}
