import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import type { createApp } from '../src/app.ts';
import { withStaticPwa } from '../src/node/static-pwa.ts';

// Node only: the wrapper serving pwa/dist beside the API exists only in the Node entry (on
// Workers the platform serves static assets and compresses). It compresses what pays off only.

const dist = mkdtempSync(join(tmpdir(), 'pwa-dist-'));
const script = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>App</title>');
writeFileSync(join(dist, 'app.js'), script);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const large = { items: Array.from({ length: 100 }, (_, i) => ({ id: `item-${i}`, title: 'A policy title' })) };
const fakeApi = new Hono()
  .basePath('/api')
  .get('/small', (c) => c.json({ ok: true }))
  .get('/large', (c) => c.json(large))
  .get('/empty', (c) => c.body(null, 204))
  // Like the catalogue: the same bytes for as long as the tag holds.
  .get('/tagged', (c) => {
    c.header('ETag', `"v${catalogue.version}"`);
    return c.json(catalogue);
  });
const catalogue = { version: 1, ...large };
const app = withStaticPwa(fakeApi as unknown as ReturnType<typeof createApp>, dist);

const gunzip = (res: Response) => new Response(res.body?.pipeThrough(new DecompressionStream('gzip'))).text();

describe('the Node server beside the API', () => {
  it('leaves a small JSON answer as it is', async () => {
    const res = await app.request('/api/small', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.json()).toEqual({ ok: true });
  });

  it('gzips a large JSON answer for a client that accepts it, and says it varies', async () => {
    const res = await app.request('/api/large', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(JSON.parse(await gunzip(res))).toEqual(large);
  });

  it('gzips a tagged answer once per tag: the same bytes with their length, a weak tag, and new bytes for a new tag', async () => {
    const ask = (encoding: string) => app.request('/api/tagged', { headers: { 'accept-encoding': encoding } });
    const first = await ask('gzip, deflate, br');
    const again = await ask('gzip, deflate, br');
    for (const res of [first, again]) {
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(res.headers.get('etag')).toBe('W/"v1"');
      expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    }
    const firstBytes = new Uint8Array(await first.clone().arrayBuffer());
    expect(Number(first.headers.get('content-length'))).toBe(firstBytes.byteLength);
    expect(new Uint8Array(await again.clone().arrayBuffer())).toEqual(firstBytes);
    expect(JSON.parse(await gunzip(again))).toEqual(catalogue);

    catalogue.version = 2;
    const changed = await ask('gzip');
    expect(changed.headers.get('etag')).toBe('W/"v2"');
    expect(JSON.parse(await gunzip(changed))).toEqual({ ...large, version: 2 });
    // A client that refuses gzip gets the plain bytes and the strong tag.
    const refused = await ask('gzip;q=0');
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect(refused.headers.get('etag')).toBe('"v2"');
    expect(await refused.json()).toEqual({ ...large, version: 2 });
  });

  it('sends plain bytes to a client that accepts no compression', async () => {
    const res = await app.request('/api/large');
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.json()).toEqual(large);
  });

  it('gzips a large static text file, and passes an empty answer through', async () => {
    const res = await app.request('/app.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(await gunzip(res)).toBe(script);
    const empty = await app.request('/api/empty', { headers: { 'accept-encoding': 'gzip' } });
    expect(empty.status).toBe(204);
  });

  it('puts the security headers on the files it serves itself (the API sets its own)', async () => {
    const file = await app.request('/app.js');
    expect(file.headers.get('x-frame-options')).toBe('DENY');
    expect(file.headers.get('content-security-policy')).toContain("default-src 'self'");
    const page = await app.request('/some/page', { headers: { accept: 'text/html' } });
    expect(await page.text()).toContain('<title>App</title>');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
  });
});
