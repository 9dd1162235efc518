/**
 * How long each network call of the sync engine and the session may take before it is given
 * up (and retried on the backoff). Without a limit, one request that never answers would hold
 * the queue, the Web Lock and the 'Sending…' state until a reload. The limits are generous:
 * a slow but working network (a big first pull on 2G) must still get through.
 */
export const pushTimeoutMs = 20_000;
export const pullTimeoutMs = 30_000;
export const refreshTimeoutMs = 15_000;

/** True for the error a fetch throws when its AbortSignal.timeout fired. */
export const isTimeout = (error: unknown) => error instanceof DOMException && error.name === 'TimeoutError';

/** What the user reads about a failed request: a slow network is not an absent one. */
export const failureText = (error: unknown) => (isTimeout(error) ? 'The server took too long to answer' : 'No connection');
