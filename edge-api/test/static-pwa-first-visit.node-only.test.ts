import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import type { createApp } from '../src/app.ts';
import { withStaticPwa } from '../src/node/static-pwa.ts';

// Node only (on Workers the platform serves the static files): what a first visit's many small
// files cost on the wire (issue 32, docs/decisions/0082-*).

const dist = mkdtempSync(join(tmpdir(), 'pwa-dist-'));
const script = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>App</title>');
writeFileSync(join(dist, 'sw.js'), script);
writeFileSync(join(dist, 'assets/route-Ab12.js'), script);
writeFileSync(join(dist, 'assets/route-Ab12.js.br'), brotliCompressSync(script));
mkdirSync(join(dist, 'pages'));
writeFileSync(join(dist, 'pages/about.json'), '{"path":"/about"}');
writeFileSync(join(dist, 'hero.webp'), Buffer.from('RIFF\0\0\0\0WEBPVP8 '));
writeFileSync(join(dist, 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const app = withStaticPwa(new Hono().basePath('/api') as unknown as ReturnType<typeof createApp>, dist);

describe("the Node server's hashed build files", () => {
  it("sends the build's brotli copy to a browser that accepts br, and the file itself to one that does not", async () => {
    const br = await app.request('/assets/route-Ab12.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(script);
    const plain = await app.request('/assets/route-Ab12.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(script);
  });

  it('keeps only the headers that act on a subresource on hashed files, pictures and data; an SVG its own strict policy; documents and sw.js keep them all', async () => {
    const asset = await app.request('/assets/route-Ab12.js');
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    expect(asset.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(asset.headers.get('content-security-policy')).toBeNull();
    expect(asset.headers.get('x-frame-options')).toBeNull();
    expect(asset.headers.get('cache-control')).toContain('immutable');
    // Immutable under its name: never revalidated, so no Last-Modified to carry (decision 0087).
    expect(asset.headers.get('last-modified')).toBeNull();
    expect((await app.request('/sw.js')).headers.get('last-modified')).not.toBeNull();
    // Pictures and the pages' data are never documents either; they keep Last-Modified (not hashed).
    for (const path of ['/pages/about.json', '/hero.webp']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('cross-origin-resource-policy'), path).toBe('same-origin');
      expect(res.headers.get('content-security-policy'), path).toBeNull();
      expect(res.headers.get('x-frame-options'), path).toBeNull();
      expect(res.headers.get('last-modified'), path).not.toBeNull();
    }
    // An SVG can carry script: opened by itself it may run nothing, load nothing, and be framed by no one.
    const svg = await app.request('/logo.svg', { headers: { accept: 'text/html' } });
    expect(svg.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox");
    expect(svg.headers.get('x-content-type-options')).toBe('nosniff');
    expect(svg.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    // sw.js and the pages keep the document's headers.
    for (const path of ['/sw.js', '/some/page']) {
      const res = await app.request(path, { headers: { accept: 'text/html' } });
      expect(res.headers.get('content-security-policy'), path).toContain("default-src 'self'");
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
    }
  });
});
