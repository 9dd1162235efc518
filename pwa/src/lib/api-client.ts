/**
 * The typed API client's address and its plain form: paths, bodies and answers checked against
 * the server's own types (edge-api's App). The plain client sends no bearer token and never
 * renews a session on a 401: the session calls themselves (sign-in, renewal, sign-out) go
 * through it, with the refresh cookie. http.ts builds the signed-in client on the same address.
 */
import { hc, type ClientRequestOptions } from 'hono/client';
import type { App } from 'edge-api';
import { apiPrefix } from 'edge-api/src/http/api-prefix.ts';

// The build prerenders public pages in Node, which has no location: any origin does there.
const apiBase = `${typeof location === 'undefined' ? 'http://localhost' : location.origin}${apiPrefix}`;

export const typedClient = (options?: ClientRequestOptions) => hc<App>(apiBase, options);

/** Without a token; the refresh cookie goes along (same origin), and the answer asked for is JSON. */
export const plainApi = typedClient({
  fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, { ...init, credentials: 'same-origin' }),
  headers: { accept: 'application/json' },
});
