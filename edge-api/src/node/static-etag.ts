/**
 * How the PWA's files may be cached, on Node (on Workers the platform's static assets carry
 * ETags and caching headers of their own):
 * - hashed build output under /assets/ never changes: cached for a year, immutable;
 * - everything else (sw.js, the page, the manifest, icons, pictures) must be revalidated, and
 *   answers a conditional request: each answer carries an ETag (a digest of its bytes, Hono's
 *   etag middleware) and a request naming it in If-None-Match gets an empty 304. The browser
 *   checks sw.js on every start; without this it downloaded all of it (11 KB) each time.
 * (serveStatic's onFound hook runs after the response is made, so headers set there were lost.)
 */
import type { MiddlewareHandler } from 'hono';
import { etag } from 'hono/etag';

const isHashedAsset = (path: string) => path.startsWith('/assets/');

export function revalidatedFiles(): MiddlewareHandler {
  const withEtag = etag();
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const hashed = isHashedAsset(c.req.path);
    const serve = async () => {
      await next();
      if (c.res.ok && !c.res.headers.has('cache-control')) {
        c.res.headers.set('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      }
    };
    return hashed ? serve() : withEtag(c, serve);
  };
}
