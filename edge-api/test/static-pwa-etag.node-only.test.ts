import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import type { createApp } from '../src/app.ts';
import { withStaticPwa } from '../src/node/static-pwa.ts';

// Node only (on Workers the platform's static assets carry ETags): the files a browser checks
// on every start (sw.js, the page) answer a conditional request with an empty 304.

const dist = mkdtempSync(join(tmpdir(), 'pwa-dist-'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>App</title>');
writeFileSync(join(dist, 'sw.js'), `self.version = ${JSON.stringify('v'.repeat(3000))};\n`);
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1);\n');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const fakeApi = new Hono().basePath('/api').get('/ping', (c) => c.json({ ok: true }));
const app = withStaticPwa(fakeApi as unknown as ReturnType<typeof createApp>, dist);

describe('conditional requests for the unhashed files', () => {
  for (const [what, path, encoding] of [
    ['sw.js', '/sw.js', 'gzip'],
    ['sw.js, uncompressed', '/sw.js', ''],
    ['the page', '/dashboard/myApplication', 'gzip'],
  ] as const) {
    it(`answers 304 with no body when ${what} did not change`, async () => {
      const first = await app.request(path, { headers: { 'accept-encoding': encoding } });
      expect(first.status).toBe(200);
      const tag = first.headers.get('etag');
      expect(tag).toMatch(/^(W\/)?"[^"]+"$/);
      expect(first.headers.get('cache-control')).toBe('no-cache');
      const again = await app.request(path, { headers: { 'accept-encoding': encoding, 'if-none-match': tag! } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      // The browser keeps the security headers of the answer it holds: the 304 does not repeat them.
      expect(first.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(again.headers.get('content-security-policy')).toBeNull();
      // (A compressed answer's tag is weak: the bytes sent differ, the file is the same.)
      expect(again.headers.get('etag')?.replace(/^W\//, '')).toBe(tag!.replace(/^W\//, ''));
      // Another version of the file is sent in full.
      const other = await app.request(path, { headers: { 'accept-encoding': encoding, 'if-none-match': '"something-else"' } });
      expect(other.status).toBe(200);
    });
  }

  it('leaves hashed assets (cached for a year) and the API alone', async () => {
    const asset = await app.request('/assets/index-abc123.js');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('etag')).toBeNull();
    const api = await app.request('/api/ping');
    expect(api.headers.get('etag')).toBeNull();
  });
});
