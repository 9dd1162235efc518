/**
 * The reference for the API benchmark: a bare node:http server that answers each request
 * with bytes captured from the real app (status, headers and body, verbatim). It does the
 * least any server must do (parse the request, read its body, write the answer), so the
 * ratio app / plain is the cost of everything the app adds.
 *
 * Usage: node --import tsx bench/support/plain-server.ts <responses.json> (PORT from the env).
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

export interface CapturedResponse {
  method: string;
  /** A RegExp source matched against the request path. */
  path: string;
  status: number;
  headers: [string, string][];
  /** Base64 of the body bytes. */
  body: string;
  /** Captured for a client that accepts compression: answers only such clients (others get the plain capture). */
  compressed: boolean;
}

export const acceptsCompression = (acceptEncoding: string | undefined) => /\b(gzip|deflate|br)\b/i.test(acceptEncoding ?? '');

/** Headers the HTTP layer writes itself, per connection. */
const hopByHop = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

export function captureHeaders(headers: Headers): [string, string][] {
  return [...headers.entries()].filter(([name]) => !hopByHop.has(name.toLowerCase()));
}

const isMain = process.argv[1]?.endsWith('plain-server.ts');
if (isMain) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: plain-server.ts <responses.json>');
  const routes = (JSON.parse(readFileSync(file, 'utf8')) as CapturedResponse[]).map((r) => ({
    method: r.method,
    path: new RegExp(r.path),
    status: r.status,
    headers: Object.fromEntries(r.headers),
    body: Buffer.from(r.body, 'base64'),
    compressed: r.compressed,
  }));
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const compressed = acceptsCompression(req.headers['accept-encoding']);
    const route = routes.find((r) => r.method === req.method && r.path.test(path) && r.compressed === compressed);
    req.on('data', () => {});
    req.on('end', () => {
      if (!route) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not captured');
        return;
      }
      res.writeHead(route.status, route.headers).end(route.body);
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}
