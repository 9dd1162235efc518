import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import { compress } from 'hono/compress';
import type { App } from './app.ts';
import { securityHeaders } from './security.ts';

/**
 * Serves the built PWA beside the API on one port (Node only; on Workers the platform's
 * static assets do this). Files from pwa/dist win; a browser navigation to any other path
 * gets index.html (the SPA decides what to show); everything else is the API. So
 * `curl /policies` gets JSON while a browser opening /policies gets the app.
 */
export function withStaticPwa(api: App, distDir: string) {
  const isNavigation = (c: Context) =>
    c.req.header('sec-fetch-mode') === 'navigate' || (c.req.header('accept') ?? '').includes('text/html');
  const cacheFor = (path: string, c: Context) => {
    // Hashed build output never changes; everything else must be revalidated so deploys show.
    const immutable = /[\\/]assets[\\/]/.test(path);
    c.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
  };
  // Every built file has an extension (hashed assets, icons, sw.js, the manifest), so a path
  // without one (every API path but an e-mail or file name in the URL) skips the synchronous
  // file-system look-up, which cost about a fifth of a small API request's CPU (bench/api.ts).
  const mayBeFile = (path: string) => path === '/' || /\.[^/]*$/.test(path);
  const staticFiles = serveStatic({ root: distDir, onFound: cacheFor });
  // Only bodies of 1 KB or more are compressed (hono's threshold, which needs a Content-Length).
  const compressLarge = compress({ threshold: minCompressedBytes });
  const secured = securityHeaders();
  const fromApi = new WeakSet<Response>();
  return new Hono()
    // A client that accepts no compression gets every response untouched: compress() would
    // still add Vary and rebuild the response as a stream, ~80 µs of a small API request.
    .use((c, next) => (acceptsCompression(c) ? compressLarge(c, next) : next()))
    // The API sets the same headers on its own answers; setting them twice cost ~20 µs a request.
    .use(async (c, next) => {
      await next();
      if (!fromApi.has(c.res)) await secured(c, async () => {});
    })
    .use((c, next) => (mayBeFile(c.req.path) ? staticFiles(c, next) : next()))
    .get('*', async (c, next) => {
      if (!isNavigation(c)) return next();
      return serveStatic({ root: distDir, path: 'index.html', onFound: cacheFor })(c, next);
    })
    .all('*', async (c) => {
      const answer = await api.fetch(c.req.raw);
      const response = acceptsCompression(c) ? await withKnownLength(answer) : answer;
      fromApi.add(response);
      return response;
    });
}

const minCompressedBytes = 1024;

const acceptsCompression = (c: Context) => /\b(gzip|deflate)\b/i.test(c.req.header('accept-encoding') ?? '');

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
