/**
 * Build files the public does not need are not served (issue 24, finding 6): the build manifest
 * (.vite/manifest.json: every module path of the source) and `_headers` (the Worker platform's
 * header rules). On Node the server answers 404 (http/build-files.ts); on the Worker the platform's
 * asset upload leaves them out (pwa/public/.assetsignore, read by wrangler and by Miniflare alike),
 * so the SPA fallback answers with the app's page, never the file. Both over a build folder made
 * here, with the committed .assetsignore copied in as Vite copies pwa/public.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeOnFreshData } from './support/target.ts';
import { repoRoot } from './support/worker-build.ts';

const dist = mkdtempSync(join(tmpdir(), 'pwa-dist-'));
const shell = '<!doctype html><title>App</title>';
const manifest = JSON.stringify({ 'index.html': { file: 'assets/index-abc.js', src: 'index.html' } });
writeFileSync(join(dist, 'index.html'), shell);
writeFileSync(join(dist, 'app.js'), 'console.log("app");\n');
mkdirSync(join(dist, '.vite'));
writeFileSync(join(dist, '.vite/manifest.json'), manifest);
copyFileSync(join(repoRoot, 'pwa/public/_headers'), join(dist, '_headers'));
copyFileSync(join(repoRoot, 'pwa/public/.assetsignore'), join(dist, '.assetsignore'));

const hidden = ['/.vite/manifest.json', '/_headers', '/.assetsignore', '/%2evite/manifest.json', '/%5fheaders', '/.vite/'];

afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('on Node', () => {
  let node: Awaited<ReturnType<typeof startNodeOnFreshData>>;
  beforeAll(async () => {
    node = await startNodeOnFreshData({ PWA_DIST_DIR: dist }, { servePwa: true });
  });
  afterAll(() => node?.stop());

  it('answers 404 for the build manifest, _headers and other dot-files, and still serves the app', async () => {
    for (const path of hidden) {
      for (const method of ['GET', 'HEAD']) {
        const res = await fetch(new URL(path, node.api.url), { method });
        expect([path, method, res.status]).toEqual([path, method, 404]);
        const body = await res.text();
        expect(body).not.toContain('index-abc');
        expect(body).not.toContain('content-security-policy');
      }
    }
    expect((await fetch(new URL('/app.js', node.api.url))).status).toBe(200);
    expect(await (await fetch(new URL('/', node.api.url))).text()).toBe(shell);
  });
});

describe('on the Worker platform (Miniflare with the same assets settings as wrangler.toml)', () => {
  let mf: Miniflare;
  let url: string;
  beforeAll(async () => {
    mf = new Miniflare({
      modules: true,
      script: 'export default { fetch: () => new Response("worker", { status: 500 }) };',
      compatibilityDate: '2025-09-01',
      assets: { directory: dist, binding: 'ASSETS', assetConfig: { not_found_handling: 'single-page-application' } },
      host: '127.0.0.1',
      port: 0,
    });
    url = (await mf.ready).toString();
  });
  afterAll(() => mf?.dispose());

  it('never sends the build manifest or _headers: the app page answers instead', async () => {
    for (const path of hidden) {
      const res = await fetch(new URL(path, url), { headers: { accept: 'text/html' } });
      const body = await res.text();
      expect([path, body.includes('index-abc') || body.includes('content-security-policy')]).toEqual([path, false]);
    }
    // The folder is served otherwise: the same request for a real file finds it.
    expect(await (await fetch(new URL('/app.js', url))).text()).toContain('console.log');
  });
});
