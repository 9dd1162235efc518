import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { apiPrefix } from '../edge-api/src/http/api-prefix.ts';
import { compiledCatalogues } from './build/compiled-catalogues.ts';
import banglaMessages from './src/locales/bn/messages.json' with { type: 'json' };
import englishMessages from './src/locales/en/messages.json' with { type: 'json' };
import { manifestFile, manifestTexts } from './src/lib/i18n/web-app-manifest.ts';
import { takaFont } from './build/taka-font.ts';
import { keepForVisitor, visitorPrecachePlugin } from './build/visitor-precache.ts';
import { brotliFiles } from './build/brotli-files.ts';
import { productionRouter } from './build/production-router.ts';

// The API runs on the same origin in production (Node serves both); in `vite dev` the API
// prefix is proxied to the Node server, and every other path is the app.

const brand = '#0f5e9c';

const manifestIcons = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

/** The installed app in Bangla (issue 25): Bangla pages link this manifest instead of the English one. */
const banglaManifest: Plugin = {
  name: 'bangla-manifest',
  apply: 'build',
  generateBundle() {
    const manifest = {
      id: '/',
      ...manifestTexts(banglaMessages, englishMessages),
      lang: 'bn',
      start_url: '/bn',
      scope: '/',
      display: 'standalone',
      theme_color: brand,
      background_color: '#ffffff',
      icons: manifestIcons,
    };
    this.emitFile({ type: 'asset', fileName: manifestFile.bn, source: JSON.stringify(manifest) });
  },
};

/**
 * The tab's icon inside the page (a data: address) instead of /favicon.svg: as a file it was asked
 * for twice on a first visit (by the page, then by the worker's precache, which reloads a file
 * without a hash in its name), ~0.8 KB each, mostly headers (decision 0120). public/favicon.svg
 * stays the drawing the app's icons are made from (scripts/make-pwa-icons.ts).
 */
const inlineFavicon: Plugin = {
  name: 'inline-favicon',
  transformIndexHtml(html) {
    const svg = readFileSync(new URL('./public/favicon.svg', import.meta.url), 'utf8').trim();
    const address = `data:image/svg+xml,${svg.replace(/"/g, "'").replace(/[<>#%\n]/g, encodeURIComponent)}`;
    if (!html.includes('href="/favicon.svg"')) throw new Error('inline-favicon: index.html no longer links /favicon.svg');
    return html.replace('href="/favicon.svg"', `href="${address}"`);
  },
};

/** iOS reads its home-screen icon from a link, not from the manifest. */
const appleTouchIcon: Plugin = {
  name: 'apple-touch-icon',
  transformIndexHtml: () => [
    { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' }, injectTo: 'head' },
  ],
};

/**
 * The public pages prerendered to HTML (scripts/prerender.ts) once the client build is written,
 * and before the service worker's precache list is made (VitePWA works in closeBundle), so the
 * pages are precached with their true revisions. It runs in its own process: it builds a Node
 * renderer and starts the API over a throw-away database for the demo catalogue.
 */
function prerenderPublicPages(): Plugin {
  let builtInto = '';
  return {
    name: 'prerender-public-pages',
    apply: 'build',
    configResolved(config) {
      builtInto = resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      sequential: true,
      handler() {
        const script = fileURLToPath(new URL('../scripts/prerender.ts', import.meta.url));
        // Into this build's own folder (`--outDir`), never another build's.
        const run = spawnSync(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit', env: { ...process.env, PRERENDER_DIST_DIR: builtInto } });
        if (run.status !== 0) throw new Error(`Prerendering the public pages failed (exit ${run.status ?? run.signal})`);
      },
    },
  };
}

/**
 * - `shell`: everything the entry loads before any route (React, the router, the session and
 *   status stores), one file instead of ~15.
 * - `public-common`: the small modules the public pages' routes share (their own chunks stay
 *   per route). Signed-in screens use them too, but nothing of theirs is pulled in here, and
 *   Dexie and the zod schemas stay in their own chunks.
 *   With them the schemas' plain rules (edge-api/src/schemas: digits, money, premium,
 *   policy-choices, age-range, support-contact, document-limits), which import no zod: the
 *   quote page needs only these, the contact page only the support contact, and the outbox,
 *   started on every page, only the document limits (decision 0093).
 *   And the few small modules the home shares with one or two other screens (the dialog, the
 *   hydration hooks, the age check's words): each was a file of under 1 KB on every visitor's
 *   first visit, mostly headers (decision 0120).
 * - `schemas`: zod and the API's request schemas the forms share (edge-api/src/schemas), one
 *   file instead of a dozen of under 1 KB, each of which cost its own ~350 bytes of headers on a
 *   first visit's precache (docs/decisions/0087-bengali-first-visit-bytes.md).
 */
const publicCommon = /[\\/]pwa[\\/]src[\\/](components[\\/](dialog|age-eligibility|use-page-title|states|format|not-found|policy-card|blog-card|fallback-image|use-near-viewport|use-reduced-motion|use-money-font)|lib[\\/](use-hydrated|use-submitted-before-hydration|http|use-request|use-local-data|use-local-query|use-typed-before-hydration|form-errors))\.tsx?$|[\\/]edge-api[\\/]src[\\/](lists[\\/]policy-search-text|schemas[\\/](digits|money|premium|policy-choices|age-range|support-contact|document-limits))\.ts$/;
/**
 * - `offline`: what start-up loads after the first render to keep the device's copy and the
 *   outbox (the pull, the push engine, the overlays; Dexie comes with them), one file instead
 *   of ~15 small ones and their facades (decision 0087).
 */
const offlineStart = /[\\/]pwa[\\/]src[\\/]lib[\\/](offline-entry|sync-pull|outbox-overlay|claim-overlay|screens-first|follow-account|local-live|i18n[\\/]account-language|documents[\\/](kept|pending)|offline[\\/][\w-]+)\.ts$/;
/**
 * - `worker-start`: the worker's registration (workbox-window) and what the page hands it to keep
 *   (keep-offline), which every page starts once it has settled. Apart from `offline`: with it,
 *   they brought Dexie (95 KB raw) and the sync engine to be evaluated on every page at that moment,
 *   even while a visitor's page holds the local database's work (decision 0095).
 */
const workerStart = /[\\/](pwa[\\/]src[\\/]lib[\\/]keep-offline\.ts|node_modules[\\/]workbox-window[\\/].*)$/;
const isEntry = /[\\/]pwa[\\/](index\.html|src[\\/]main\.tsx)/;
const isStyle = /\.css($|\?)/;
const chunkGroups = [
  // The entry itself stays the page's one script (grouped, its chunk would be an empty facade),
  // and the shell's stylesheets stay the entry's: as the chunk's, a route's lazy import would
  // append them after the route's own styles and undo the route's overrides (the home's hero).
  { name: 'shell', tags: ['$initial' as const], test: (id: string) => !isEntry.test(id) && !isStyle.test(id), priority: 2 },
  { name: 'public-common', test: publicCommon, priority: 1 },
  { name: 'schemas', test: (id: string) => /[\\/](node_modules[\\/]zod|edge-api[\\/]src[\\/]schemas)[\\/]/.test(id) && !publicCommon.test(id), priority: 1 },
  { name: 'offline', test: offlineStart, priority: 1 },
  { name: 'worker-start', test: workerStart, priority: 1 },
];

export default defineConfig({
  plugins: [
    productionRouter(),
    takaFont(),
    compiledCatalogues(),
    react(),
    appleTouchIcon,
    inlineFavicon,
    banglaManifest,
    prerenderPublicPages(),
    // Which built files a visitor can reach: only those are precached (issue 32).
    visitorPrecachePlugin(),
    // Installable app + offline shell. Our own service worker (src/sw.ts) gets the precache
    // list injected; it is registered by src/components/update-prompt.tsx after the page has
    // loaded, and a new version waits for the user's Reload (registerType 'prompt').
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      // The icons are in the glob below already (and the manifest is added by the plugin).
      includeManifestIcons: false,
      manifest: {
        id: '/',
        ...manifestTexts(englishMessages, englishMessages),
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: brand,
        background_color: '#ffffff',
        icons: manifestIcons,
      },
      injectManifest: {
        // The shell: the route chunks and stylesheets a visitor can reach (filtered below), and
        // an open tab keeps its old chunks until it reloads. Demo pictures are cached as they are seen
        // (runtime route in sw-pictures.ts), not all up front; only the two stand-in pictures a
        // card shows when its own picture is missing or was never seen are precached
        // (fallback-image.tsx), so an offline card shows a picture or its stand-in, never a broken one.
        // pages/: the prerendered public pages and the data they hydrate with (sw-pages.ts).
        // signed-in-screens.json: only its revision is used, to name its cache (sw-screens.ts).
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}', 'pages/**/*.json', 'signed-in-screens.json', 'demo/policies/placeholder.webp', 'demo/agents/default.webp'],
        globIgnores: ['demo/**/!(placeholder|default).webp'],
        // ...of which a visitor's precache keeps only what a visitor can reach (issue 32,
        // build/visitor-precache.ts): no signed-in screen, no prerendered page but the list of them.
        manifestTransforms: [(entries) => ({ manifest: entries.filter((entry) => keepForVisitor(entry.url)), warnings: [] })],
        rollupFormat: 'iife',
      },
      devOptions: { enabled: false },
    }),
    // After the worker is written (VitePWA's closeBundle): it is compressed too.
    brotliFiles(),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    // dist/.vite/manifest.json: which chunks each entry and lazy route loads (read by bench/bundle.ts).
    manifest: true,
    // The taka sign's font stays a file (pwa/build/taka-font.ts): inlined, every page's CSS
    // would carry it; as a file, only screens with money fetch (and preload) it.
    assetsInlineLimit: (file) => (file.endsWith('.woff2') ? false : undefined),
    // Fewer, larger chunks on the way to a public page's hydration (decision 0052): on a slow
    // phone over HTTP/1.1 each file costs a round trip, six at a time.
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } },
  },
  server: {
    proxy: { [apiPrefix]: { target: 'http://127.0.0.1:8787' } },
  },
});
