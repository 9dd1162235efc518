/**
 * The one place that talks to the API over HTTP: attaches the bearer token, and on a 401
 * first tries to refresh the session and repeats the request once; only when the refresh
 * fails is the session ended (and the app sends the user to /login, once). A 403 for one
 * action never signs anyone out.
 */
import { typedClient } from './api-client.ts';
import { endSession, getAccessToken, refreshSession } from './session.ts';

function withAuth(init: RequestInit | undefined): RequestInit {
  const headers = new Headers(init?.headers);
  const token = getAccessToken();
  if (token && !headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
  if (!headers.has('accept')) headers.set('accept', 'application/json');
  return { ...init, headers, credentials: 'same-origin' };
}

export async function authFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const hadToken = getAccessToken() !== null;
  const res = await readIfRefused(await fetch(input, withAuth(init)));
  if (res.status !== 401 || !hadToken) return res;
  if (await refreshSession()) return readIfRefused(await fetch(input, withAuth({ ...init, headers: stripAuth(init?.headers) })));
  endSession();
  return res;
}

/**
 * A refusal's body (a short JSON message) is read at once and handed on from memory. Many callers
 * only look at the status (`res.ok ? … : null`), and a refused token is repeated after renewal:
 * an answer left unread stays open in the page until its request's time-out, so the page's
 * network never settles (a session ended elsewhere kept it busy for 30 s).
 */
async function readIfRefused(res: Response): Promise<Response> {
  if (res.ok) return res;
  // A 304 has no body, and a Response cannot be made with one.
  const body = res.status === 304 ? null : await res.arrayBuffer();
  return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
}

function stripAuth(headers: HeadersInit | undefined): Headers {
  const copy = new Headers(headers);
  copy.delete('authorization');
  return copy;
}

/** The typed API client: paths, bodies and answers checked against the server's own types. */
export const api = typedClient({ fetch: authFetch });
