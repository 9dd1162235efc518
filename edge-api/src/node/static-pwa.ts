import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import { compress } from 'hono/compress';
import { getPath } from 'hono/utils/url';
import { isApiPath } from '../http/api-prefix.ts';
import { isBuildOnlyFile } from '../http/build-files.ts';
import type { createApp } from '../app.ts';
import { gzippedByTag } from './compressed-by-tag.ts';
import { prerenderedPageOf, prerenderedInlineHashes, prerenderedPageScriptsLink } from './prerendered-pages.ts';
import { securityHeaders } from '../http/security.ts';
import { verifyPageCode, verifyPageStatus } from '../http/verify-page.ts';
import { revalidatedFiles } from './static-etag.ts';

/**
 * Serves the built PWA beside the API on one port (Node only; on Workers the platform's
 * static assets do this). Paths under /api go to the API; every other path is the app:
 * a built file when there is one, else the page prerendered by the build (pwa/dist/pages,
 * public pages only), else index.html (the SPA decides what to show), to any client,
 * whatever it accepts. So a page URL never answers JSON, and the Back button never
 * shows an API answer (docs/decisions/0006-api-under-api-prefix.md).
 */
export function withStaticPwa(api: ReturnType<typeof createApp>, distDir: string) {
  const cacheFor = (path: string, c: Context) => {
    // Hashed build output never changes; everything else must be revalidated so deploys show.
    const immutable = /[\\/]assets[\\/]/.test(path);
    c.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  };
  // `precompressed`: the build's brotli copies of the hashed scripts and styles (pwa/build/brotli-files.ts).
  const staticFiles = serveStatic({ root: distDir, onFound: cacheFor, precompressed: true });
  // The shell, the prerendered pages and their data have brotli copies too (decision 0087).
  const appShell = serveStatic({ root: distDir, path: 'index.html', onFound: cacheFor, precompressed: true });
  const prerenderedPage = async (c: Context, next: () => Promise<void>) => {
    // With a query (a search, a page number) the page is not the one the build rendered.
    const page = prerenderedPageOf(distDir, c.req.path, new URL(c.req.url).search);
    if (!page) return next();
    const answer = await serveStatic({ root: distDir, path: page, onFound: cacheFor, precompressed: true })(c, next);
    // Its scripts are asked for as soon as these headers arrive (decision 0097).
    const scripts = prerenderedPageScriptsLink(distDir, page);
    if (scripts && answer?.status === 200) answer.headers.set('link', scripts);
    return answer;
  };
  // A certificate's check page: the shell, answering 404 for a code no certificate has (http/verify-page.ts).
  const verifyPage = async (c: Context, next: () => Promise<void>, code: string) => {
    const status = await verifyPageStatus(api, c.req.raw, code, c.env);
    const shell = await appShell(c, next);
    return shell && status === 404 && shell.status === 200 ? new Response(shell.body, { status: 404, headers: shell.headers }) : shell;
  };
  const appPage = (c: Context, next: () => Promise<void>) => {
    const code = verifyPageCode(c.req.path);
    return code === null ? appShell(c, next) : verifyPage(c, next, code);
  };
  // Only bodies of 1 KB or more are compressed (hono's threshold, which needs a Content-Length).
  const compressLarge = compress({ threshold: minCompressedBytes });
  // A client that accepts no compression gets every response untouched: compress() would
  // still add Vary and rebuild the response as a stream, ~80 µs of a small API request.
  const compressWhenAccepted = (c: Context, next: () => Promise<void>) => (acceptsCompression(c) ? compressLarge(c, next) : next());
  const secured = securityHeaders();

  // The API sets its own headers; it goes through compression only, for a client that takes it.
  const compressedApi = new Hono().use(compressLarge).all('*', async (c) => {
    // With the adapter's bindings (the socket): without them every client's address was 'unknown'.
    const answer = await api.fetch(c.req.raw, c.env);
    // A HEAD's answer has no body: nothing to measure, compress or keep (compress() skips it too).
    if (c.req.method === 'HEAD') return answer;
    return (await gzippedByTag(c.req.method, c.req.path, answer, c.req.header('accept-encoding'))) ?? (await withKnownLength(answer));
  });

  const pages = new Hono()
    .use(compressWhenAccepted)
    .use(async (c, next) => {
      await next();
      // A 304 updates the answer the browser holds, which keeps its own security headers:
      // repeating them (1 KB) on every check of sw.js or a picture would be paid for nothing.
      if (c.res.status === 304) return;
      // The HTML of the app (its prerendered pages, offline copies included) may carry the
      // build's inline styles, allowed by their hashes.
      const html = (c.res.headers.get('content-type') ?? '').startsWith('text/html');
      await (html ? securityHeaders(prerenderedInlineHashes(distDir)) : secured)(c, async () => {});
      if (isHashedBuildFile(c.req.path)) keepImmutableSubresourceHeadersOnly(c.res.headers);
      else if (isPassiveFile(c.req.path)) dropDocumentOnlyHeaders(c.res.headers);
      else if (isSvg(c.req.path)) keepPictureDocumentHeaders(c.res.headers);
    })
    // The build manifest, _headers and other dot-files are the build's, not the public's (build-files.ts).
    .use(async (c, next) => {
      if (isBuildOnlyFile(c.req.path)) return c.text('Not Found', 404);
      await next();
    })
    // Unhashed files and the page answer If-None-Match with 304 (static-etag.ts).
    .use(revalidatedFiles())
    // A missing file (an old chunk, say) is a 404, never the page: HTML would be run as script.
    // '/' would find the shell (index.html) among the files: the prerendered home comes first.
    .on(['GET', 'HEAD'], '*', prerenderedPage, staticFiles, (c, next) => (looksLikeAFile(c.req.path) ? next() : appPage(c, next)))
    .all('*', (c) => c.text('Not Found', 404));

  // API requests go straight to the API (through compression when the client takes it), never
  // through the page routes: a second router and its middleware were a large part of a small read.
  const fetch = (request: Request, env?: unknown): Response | Promise<Response> => {
    if (!isApiPath(getPath(request))) return pages.fetch(request, env);
    return acceptsEncoding(request.headers.get('accept-encoding')) ? compressedApi.fetch(request, env) : api.fetch(request, env);
  };
  return {
    fetch,
    /** As Hono's app.request: a path (or URL) and init, for tests. */
    request: (input: string, init?: RequestInit) => Promise.resolve(fetch(new Request(new URL(input, 'http://localhost'), init))),
  };
}

const minCompressedBytes = 1024;

/** The build's hashed scripts, styles and fonts: never a document, a worker or a frame. */
const isHashedBuildFile = (path: string) => /^\/assets\/[^/]+\.(js|css|woff2)$/.test(path);

/**
 * Raster pictures, the pages' data and the web app manifest: shown or read, never a document
 * that runs anything, a worker or a frame. (An SVG can carry script: it keeps every header.)
 */
const isPassiveFile = (path: string) => /\.(webp|png|jpe?g|gif|avif|ico|json|webmanifest)$/i.test(path);

/**
 * Headers that act only on a document (or a worker's script), dropped from the hashed build
 * files and the passive files: over HTTP/1.1 they were ~1 KB of every one of a first visit's ~60
 * script and style answers, a sixth of its bytes (issue 32, docs/decisions/0082-*), and of each of
 * its ~20 pictures and data files (decision 0091). What acts on a subresource stays: nosniff,
 * Cross-Origin-Resource-Policy, and Referrer-Policy (a stylesheet's own fetches). sw.js, the
 * pages and every other file keep them all. (Over HTTP/2, as on the Worker's platform, repeated
 * headers are compressed away, which is why only the Node server trims them.)
 */
const documentOnlyHeaders = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
function dropDocumentOnlyHeaders(headers: Headers) {
  for (const name of documentOnlyHeaders) headers.delete(name);
}

/** An SVG picture (the favicon): shown as an image, but it could run script if opened by itself. */
const isSvg = (path: string) => /\.svg$/i.test(path);

/**
 * An SVG's own policy instead of the app's: it may run nothing, load nothing and be framed by no
 * one, whether shown as an image or opened by itself, in ~90 bytes instead of the document's ~1 KB
 * of headers. The favicon is asked for twice on a first visit (the page, then the worker's
 * precache), so this is ~1.8 KB of it (decision 0119). frame-ancestors does X-Frame-Options' work.
 */
const svgPolicy = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";
function keepPictureDocumentHeaders(headers: Headers) {
  dropDocumentOnlyHeaders(headers);
  headers.set('content-security-policy', svgPolicy);
}

/** Last-Modified goes too: a hashed file is immutable and never asked again under its name (~50 bytes of each of ~80 answers; decision 0087). */
function keepImmutableSubresourceHeadersOnly(headers: Headers) {
  dropDocumentOnlyHeaders(headers);
  headers.delete('last-modified');
}

const looksLikeAFile = (path: string) => /\.[a-z0-9]+$/i.test(path);

const acceptsEncoding = (acceptEncoding: string | null | undefined) => /\b(gzip|deflate)\b/i.test(acceptEncoding ?? '');
const acceptsCompression = (c: Context) => acceptsEncoding(c.req.header('accept-encoding'));

/**
 * The API's JSON answers carry no Content-Length, so compress() cannot tell a small one (not
 * worth compressing: the stream costs more than the bytes it saves) from a large one. Reading
 * the JSON text gives its length; other answers (images, streams, empty ones) are left as they are.
 */
async function withKnownLength(response: Response): Promise<Response> {
  const type = response.headers.get('content-type') ?? '';
  if (!type.startsWith('application/json') || response.headers.has('content-length')) return response;
  if (response.status === 204 || response.status === 304) return response;
  const body = new Uint8Array(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  headers.set('content-length', String(body.byteLength));
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}
