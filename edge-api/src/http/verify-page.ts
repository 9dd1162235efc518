/**
 * A certificate's public check, /verify/:code (and /bn/verify/:code), is a page of the app: the
 * app shell, whose screen asks GET /api/verify/:code. For a code no certificate has, the page
 * itself answers 404 (issue 48), still with the shell, so the app shows its own "not found"
 * screen while a crawler, a link checker or a script reading the status learns the truth.
 * One rule for the Node server (node/static-pwa.ts) and the Worker (worker/worker-pages.ts).
 */
import { apiPrefix } from './api-prefix.ts';

/** The Worker's route patterns of these pages: wrangler.toml's `run_worker_first` lists them (page-addresses.test.ts). */
export const verifyPagePatterns: readonly string[] = ['/verify/*', '/bn/verify/*'];

/** The code a verify page's address names, or null when the address is no verify page. */
export function verifyPageCode(pathname: string): string | null {
  const code = /^(?:\/bn)?\/verify\/([^/]+)$/.exec(pathname)?.[1];
  if (code === undefined) return null;
  try {
    return decodeURIComponent(code);
  } catch {
    return code;
  }
}

/** The API, as each runtime holds it (a Hono app's fetch, with the platform's bindings). */
export interface ApiFetch {
  fetch(request: Request, env?: unknown, ctx?: never): Response | Promise<Response>;
}

/** Headers that would make the API's answer conditional or partial: the page's, not the check's. */
const pageOnlyHeaders = ['if-none-match', 'if-modified-since', 'range', 'if-range', 'content-length', 'content-type'];

/**
 * The status the page answers with: 404 when the API finds no certificate with the code, else 200
 * (a valid one, a refunded one, and also a refused or failed check, which the screen explains).
 * Asked of the API itself, from the same client, so a page counts against the same per-client
 * limit as the check (routes/verify.ts): the page's status cannot be used to walk codes faster.
 */
export async function verifyPageStatus(api: ApiFetch, request: Request, code: string, env?: unknown): Promise<200 | 404> {
  const headers = new Headers(request.headers);
  for (const name of pageOnlyHeaders) headers.delete(name);
  const check = new Request(new URL(`${apiPrefix}/verify/${encodeURIComponent(code)}`, request.url), { method: 'GET', headers });
  const answer = await api.fetch(check, env);
  await answer.body?.cancel();
  return answer.status === 404 ? 404 : 200;
}
