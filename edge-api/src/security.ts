import { bodyLimit } from 'hono/body-limit';
import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from './env.ts';
import { ApiError } from './errors.ts';

/**
 * The Content-Security-Policy of the app: no inline script anywhere. Stripe Elements and
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

export const securityHeaders = () =>
  secureHeaders({
    contentSecurityPolicy,
    strictTransportSecurity: 'max-age=63072000; includeSubDomains',
    xContentTypeOptions: 'nosniff',
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginResourcePolicy: 'same-origin',
    crossOriginOpenerPolicy: 'same-origin-allow-popups',
  });

/** Paths that take image bytes; everything else is JSON and small. */
const largeBodyPaths = new Set(['/uploads', '/auth/register']);

const tooLarge = (limit: number) => () => {
  throw new ApiError(413, 'payload_too_large', `The request is too large (at most ${Math.round(limit / 1024)} KB)`);
};

/**
 * Request-size limits, enforced while the body streams in (so chunked bodies without a
 * Content-Length are cut off too).
 */
export const requestSizeLimits = createMiddleware<AppEnv>(async (c, next) => {
  // A GET or HEAD request has no body (fetch's Request refuses one), so there is nothing to
  // limit. Skipping bodyLimit here spares the Node adapter building a full Request just to
  // look at `body` (bench/api.ts: a tenth of a small read's CPU).
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
  const { config } = c.var.deps;
  const large = largeBodyPaths.has(c.req.path);
  // Multipart framing adds a little to the image itself.
  const maxSize = large ? config.maxImageBytes + 64 * 1024 : config.maxJsonBytes;
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
});
