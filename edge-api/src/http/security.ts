import type { Context, MiddlewareHandler, Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import { apiPrefix } from './api-prefix.ts';
import { noInlineHashes, type InlineHashes } from './page-addresses.ts';
import type { AppEnv } from './env.ts';
import { ApiError, forbidden } from './errors.ts';

/**
 * The Content-Security-Policy of the app: no inline script but the prerendered pages' own early
 * answers, each allowed by its hash (decision 0091). Stripe Elements and
 * Google's sign-in button are the only outside code, and only from their own origins.
 */
export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", 'https://js.stripe.com', 'https://accounts.google.com/gsi/client'],
  styleSrc: ["'self'", 'https://accounts.google.com/gsi/style'],
  imgSrc: ["'self'", 'data:', 'blob:', 'https://*.stripe.com'],
  connectSrc: ["'self'", 'https://api.stripe.com', 'https://accounts.google.com/gsi/'],
  frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com', 'https://accounts.google.com/gsi/'],
  fontSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
};

const quoted = (hashes: readonly string[]) => hashes.map((hash) => `'${hash}'`);

const pageSecurityHeaders = new WeakMap<InlineHashes, ReturnType<typeof secureHeaders>>();

/**
 * @param inline inline styles and scripts allowed by their hash ('sha256-...'): the prerendered
 *   pages' (page-addresses.ts, inline-hashes.json); never 'unsafe-inline'.
 */
export const securityHeaders = (inline: InlineHashes = noInlineHashes) => {
  // Made once per set of hashes (both runtimes keep one set until the build changes), not per page answered.
  let made = pageSecurityHeaders.get(inline);
  if (!made) {
    made = makeSecurityHeaders(inline);
    pageSecurityHeaders.set(inline, made);
  }
  return made;
};

const makeSecurityHeaders = (inline: InlineHashes) =>
  secureHeaders({
    contentSecurityPolicy: {
      ...contentSecurityPolicy,
      scriptSrc: [...contentSecurityPolicy.scriptSrc, ...quoted(inline.script)],
      styleSrc: [...contentSecurityPolicy.styleSrc, ...quoted(inline.style)],
    },
    strictTransportSecurity: 'max-age=63072000; includeSubDomains',
    xContentTypeOptions: 'nosniff',
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginResourcePolicy: 'same-origin',
    crossOriginOpenerPolicy: 'same-origin-allow-popups',
  });

/**
 * The API's own answers (JSON, images) are never documents the app runs, so they carry the
 * strictest policy there is (nothing may load, nothing may frame them) and only the headers
 * that matter for such an answer, not the page's whole set: every byte of a header is paid on
 * each request, and a returning visit's few requests are budgeted at 3 KB in all
 * (bench/return-visit.ts; docs/decisions/0050-what-a-returning-visit-asks.md).
 *
 * Constants, so one plain object: a hot route sends them inside its own answer
 * (http/complete-answer.ts) and every other answer gets them set after its handler
 * (secureApiAnswer). Lower case, as a Headers object would name them.
 *
 * A new object literal on each call, not a spread of a constant: V8 gives an object made by
 * spreading and then added to a slow shape, microseconds per answer (bench/api.ts).
 */
export const apiSecurityHeaderObject = (): Record<string, string> => ({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
});

const apiSecurityHeaderValues: Readonly<Record<string, string>> = Object.freeze(apiSecurityHeaderObject());

/** Sets the API's security headers on the answer a handler (or the error handler) made. */
export function secureApiAnswer(c: Context): void {
  for (const name in apiSecurityHeaderValues) setOnAnswer(c, name, apiSecurityHeaderValues[name]!);
}

/** Paths that take image bytes; everything else is JSON and small. */
const largeBodyPaths = new Set([`${apiPrefix}/uploads`, `${apiPrefix}/auth/register`]);
/** The PATCH of a document upload (routes/documents.ts) carries raw bytes, one part of a document. */
const documentPartPath = new RegExp(`^${apiPrefix}/applications/[^/]+/documents/uploads/[^/]+$`);
/** The Node server gives these bodies longer to arrive (node/overload.ts). */
export const isLargeBodyPath = (path: string) => largeBodyPaths.has(path) || documentPartPath.test(path);

const tooLarge = (limit: number) => () => {
  throw new ApiError(413, 'payload_too_large', `The request is too large (at most ${Math.round(limit / 1024)} KB)`);
};

/**
 * Request-size limits, enforced while the body streams in (so chunked bodies without a
 * Content-Length are cut off too).
 */
function limitRequestSize(c: Context<AppEnv>, next: Next) {
  const { config } = c.get('deps');
  const large = largeBodyPaths.has(c.req.path);
  const part = !large && documentPartPath.test(c.req.path);
  // Multipart framing adds a little to the image itself.
  const maxSize = large ? config.maxImageBytes + 64 * 1024 : part ? config.documents.maxBytes : config.maxJsonBytes;
  const onError = large
    ? () => {
        throw new ApiError(413, 'payload_too_large', 'Maximum size is 10MB');
      }
    : tooLarge(maxSize);
  // A declared length is checked as bodyLimit checks it (the HTTP layer holds the body to it),
  // again without touching `body`; only a streamed body of unknown length is counted as it comes.
  const declared = c.req.header('content-length');
  if (declared !== undefined && c.req.header('transfer-encoding') === undefined) {
    return parseInt(declared, 10) > maxSize ? onError() : next();
  }
  return bodyLimit({ maxSize, onError })(c, next);
}

/**
 * The checks of a request that may carry a body, before anything reads it: cross-site request
 * protection, then the size limits. One layer for both (issue 32: every awaited layer is paid on
 * every request). A GET or HEAD request has no body (fetch's Request refuses one) and changes
 * nothing, so it passes at once: skipping bodyLimit also spares the Node adapter building a full
 * Request just to look at `body` (bench/api.ts: a tenth of a small read's CPU). Every other
 * method, whatever a future route uses, is checked.
 */
export const requestChecks: MiddlewareHandler<AppEnv> = (c, next) => {
  const { method } = c.req;
  if (method === 'GET' || method === 'HEAD') return next();
  refuseCrossSite(method, c.req.path, c.req.url, (name) => c.req.header(name));
  return limitRequestSize(c, next);
};

/** Server-to-server: Stripe calls it without a browser, and its signature is the proof. */
const isStripeWebhook = (path: string) => path.endsWith('/webhooks/stripe');
/**
 * SSLCommerz posts plain forms: its IPN (signed) and the person's return from its page (a
 * cross-site form post by design). Neither acts on the caller's session; both are believed only
 * after the gateway's validation API confirms them (payments/sslcommerz-provider.ts).
 */
const isSslcommerzCallback = (path: string) => /\/sslcommerz\/(ipn|return\/(success|fail|cancel))$/.test(path);
/** The only endpoints the app sends a multipart form to (they carry an image). */
const isMultipartPath = (path: string) => /\/(uploads|auth\/register)$/.test(path);
const simpleFormType = /^\s*(application\/x-www-form-urlencoded|text\/plain|multipart\/form-data)/i;

function sameHost(origin: string, requestUrl: string): boolean {
  try {
    // Host, not origin: behind a TLS-terminating proxy the request URL says http while the
    // browser's Origin says https; another site can never make a browser send this host.
    return new URL(origin).host === new URL(requestUrl).host;
  } catch {
    return false; // "null" (sandboxed frames, some redirects) and garbage
  }
}

/**
 * Cross-site request protection for every state-changing request (the same checks as Hono's
 * `csrf` middleware, applied to every unsafe method and not only to form content types):
 * a browser's `Sec-Fetch-Site` must say same-origin (or none: typed by the user), or else its
 * `Origin` must be this host. A request with neither header is not from a browser (scripts,
 * the tests, Stripe) and a cross-site page cannot make a browser omit both, so it passes.
 * Sign-out and refresh carry no body and are covered the same way.
 * Then the content types a plain HTML form can send are refused where the app never sends them.
 */
/** Cross-site checks, thrown as a 403 or 415 (the API benchmark's floor makes them too). */
export function refuseCrossSite(method: string, path: string, url: string, header: (name: string) => string | undefined): void {
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || isStripeWebhook(path) || isSslcommerzCallback(path)) return;
  const site = header('sec-fetch-site');
  const origin = header('origin');
  const crossSite = site !== undefined ? site !== 'same-origin' && site !== 'none' : origin !== undefined && !sameHost(origin, url);
  if (crossSite) throw forbidden('This request came from another site and was refused.');
  const type = header('content-type');
  if (type && simpleFormType.test(type) && !(isMultipartPath(path) && /^\s*multipart\/form-data/i.test(type))) {
    throw new ApiError(415, 'unsupported_media_type', 'Please send this request as JSON.');
  }
}

/**
 * Every API answer is private unless its route says otherwise: an answer that carries a
 * token or someone's data must never be kept by the browser's or a proxy's cache. Called on
 * the answer once the route has made it (app.ts).
 */
export function privateByDefault(c: Context): void {
  if (!c.res.headers.has('cache-control')) setOnAnswer(c, 'Cache-Control', 'no-store');
}

/**
 * Sets a header on the answer a handler has already made. `c.header()` would first rebuild
 * that answer around its body as a stream (on Node ~80 µs, a quarter of a small read: issue 17);
 * an answer the app made itself has mutable headers, set in place. Only one with immutable
 * headers (passed through from a fetch) takes the long way.
 */
function setOnAnswer(c: Context, name: string, value: string) {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}

/**
 * Public data (the catalogue, blogs, agents, FAQ, client settings) may be stored by any cache,
 * but only as long as it is revalidated first (`maxAgeSeconds` 0): an admin's change must show
 * at once; the catalogue's ETag makes that revalidation a bodiless 304. Set on success only,
 * so an error is never cached. See docs/decisions/0006-api-under-api-prefix.md.
 */
export const publicCache = (maxAgeSeconds = 0) =>
  createMiddleware<AppEnv>(async (c, next) => {
    await next();
    if (c.res.status === 200 || c.res.status === 304) {
      setOnAnswer(c, 'Cache-Control', maxAgeSeconds > 0 ? `public, max-age=${maxAgeSeconds}` : revalidatedPublicly);
    }
  });

/** What `publicCache()` sets, for a hot route that sets it on its own answer instead. */
export const revalidatedPublicly = 'public, max-age=0, must-revalidate';
