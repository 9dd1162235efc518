/**
 * The Worker's answer to a public page address (page-addresses.ts; wrangler.toml's
 * `run_worker_first` sends them here instead of to the platform's app-shell fallback): the page
 * the build prerendered, from the static assets, with the security headers and the CSP that
 * allows its inline styles and scripts by hash, as the Node server answers (static-pwa.ts). An address the
 * build did not render (a policy added since, say) gets the app shell, with the same headers.
 * Responses the Worker makes do not get the assets' `_headers`, so the headers are set here.
 */
import type { Fetcher } from '@cloudflare/workers-types';
import { Hono } from 'hono';
import { inlineHashesFile, inlineHashesOf, noInlineHashes, pageScriptsFile, pageScriptsLink, prerenderedPageFile, type InlineHashes } from '../http/page-addresses.ts';
import { securityHeaders } from '../http/security.ts';
import { verifyPageCode } from '../http/verify-page.ts';

type Assets = Pick<Fetcher, 'fetch'>;

const isRedirect = (status: number) => [301, 302, 303, 307, 308].includes(status);

/** An asset by its file path; the platform may first redirect to its canonical address (html_handling). */
async function assetFile(assets: Assets, file: string, request: Request): Promise<Response> {
  let url = new URL(`/${file}`, request.url);
  for (let hop = 0; ; hop++) {
    const init = { method: request.method, headers: request.headers, redirect: 'manual' as const };
    const res = (await assets.fetch(url.toString(), init as never)) as unknown as Response;
    const location = res.headers.get('location');
    if (!isRedirect(res.status) || !location || hop === 2) return res;
    url = new URL(location, url);
  }
}

/**
 * `verifyStatus`: the status of a certificate's check page (/verify/:code), asked of the API
 * (http/verify-page.ts); the page is the app shell either way.
 */
export function prerenderedPages(assets: Assets, verifyStatus?: (request: Request, code: string) => Promise<200 | 404>) {
  // The build's files about its pages, fetched once per isolate.
  const buildJson = (name: string) =>
    assets
      .fetch(new URL(`/pages/${name}`, 'https://assets.invalid').toString())
      .then(async (res) => (res.ok ? ((await res.json()) as unknown) : null))
      .catch(() => null);
  let hashes: Promise<InlineHashes> | undefined;
  const inlineHashes = () => (hashes ??= buildJson(inlineHashesFile).then((parsed) => (parsed ? inlineHashesOf(parsed) : noInlineHashes)));
  let scripts: Promise<unknown> | undefined;
  const scriptsLink = async (file: string) => pageScriptsLink(await (scripts ??= buildJson(pageScriptsFile)), file);

  return new Hono()
    .use(async (c, next) => {
      await next();
      const html = (c.res.headers.get('content-type') ?? '').startsWith('text/html');
      await securityHeaders(html ? await inlineHashes() : noInlineHashes)(c, async () => {});
    })
    .all('*', async (c) => {
      const request = c.req.raw;
      const file = ['GET', 'HEAD'].includes(request.method) ? prerenderedPageFile(c.req.path, new URL(request.url).search) : null;
      const page = file ? await assetFile(assets, file, request) : null;
      const answer = page && (page.ok || page.status === 304) ? page : ((await assets.fetch(request as never)) as unknown as Response);
      const code = file === null ? verifyPageCode(c.req.path) : null;
      const status = code !== null && verifyStatus && answer.status === 200 ? await verifyStatus(request, code) : answer.status;
      // A copy: the platform's responses have headers that cannot be changed.
      const copy = new Response(answer.body, { status, statusText: status === answer.status ? answer.statusText : '', headers: answer.headers });
      // The page's scripts are asked for as soon as these headers arrive (decision 0097).
      const link = file && page?.status === 200 ? await scriptsLink(file) : null;
      if (link) copy.headers.set('link', link);
      return copy;
    });
}
