/**
 * The Worker's static assets (the PWA) are served by the platform without running the
 * Worker, so the API's security headers never reach them. The platform applies a `_headers`
 * file from the assets folder instead; this makes that file's text from the very middleware
 * the API uses (security.ts), so the two cannot drift apart. scripts/make-headers.ts writes
 * it to pwa/public/_headers (copied into the build); a unit test checks it is current.
 */
import { Hono } from 'hono';
import { securityHeaders } from '../http/security.ts';

/** The headers securityHeaders() sets on an answer, in a stable order. */
export async function securityHeaderList(): Promise<[string, string][]> {
  const app = new Hono().use(securityHeaders()).get('/', (c) => c.text(''));
  const res = await app.request('/');
  const list: [string, string][] = [];
  res.headers.forEach((value, name) => {
    if (name !== 'content-type') list.push([name, value]);
  });
  return list.sort(([a], [b]) => a.localeCompare(b));
}

export async function headersFileText(): Promise<string> {
  const lines = [
    '# Made by scripts/make-headers.ts from edge-api/src/http/security.ts: do not edit by hand.',
    '# The Worker platform adds these to every static asset (the API adds its own).',
    '/*',
    ...(await securityHeaderList()).map(([name, value]) => `  ${name}: ${value}`),
  ];
  return lines.join('\n') + '\n';
}
