/**
 * The service worker's answer to a navigation: the public page prerendered by the build
 * (pages/<name>.html), so it shows before any script runs, offline too; any other address
 * (signed-in screens, a search in the address) gets the app shell. The same rule as the Node
 * server's and the Worker's (edge-api/src/http/page-addresses.ts).
 *
 * The pages are not precached as a block (issue 32: 64 pages and their data were a third of a
 * first visit). The worker keeps a page, and the data it hydrates with, once it is fetched: the
 * page being visited is handed over by the page once the worker controls it, the pages it links
 * to are fetched when the device is idle and not saving data (lib/keep-offline.ts), and any other
 * is kept when opened. The cache is named after the pages' version (the precached
 * pages/pages.json's revision), so a new build's worker starts a new one and drops the old.
 */
/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import type { RouteHandlerCallback, WorkboxPlugin } from 'workbox-core';
import { matchPrecache } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { prerenderedPageFile } from 'edge-api/src/http/page-addresses.ts';
import { pageListFile } from './lib/page-list.ts';
import { cacheForRevisionOf, type ManifestEntry } from './sw-build-caches.ts';

const shellUrl = '/index.html';
const pagesCachePrefix = 'pages-';

/** A page's address and its file share one entry: '/bn' and '/pages/bn.html' alike. */
const pageKey: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => {
    const url = new URL(request.url);
    const file = prerenderedPageFile(url.pathname, url.search);
    return file ? new URL(`/${file}`, url).href : request;
  },
};

const isPageData = (url: URL) => url.pathname.startsWith('/pages/') && url.pathname.endsWith('.json') && url.pathname !== `/pages/${pageListFile}`;

let pages: CacheFirst | null = null;

export const servePageOrShell: RouteHandlerCallback = async ({ url, request, event }) => {
  if (pages && prerenderedPageFile(url.pathname, url.search)) {
    try {
      return await pages.handle({ event, request });
    } catch {
      // Offline and never kept: the shell renders the page from the device's copy.
    }
  }
  return (await matchPrecache(shellUrl)) ?? fetch(request);
};

/** `manifest`: the precache list, whose pages/pages.json revision names the pages' cache. */
export function keepPagesAsOpened(manifest: ReadonlyArray<ManifestEntry>): void {
  const cacheName = cacheForRevisionOf(manifest, `pages/${pageListFile}`, pagesCachePrefix);
  if (!cacheName) return;
  pages = new CacheFirst({ cacheName, plugins: [new CacheableResponsePlugin({ statuses: [200] }), pageKey] });

  // A page or its data fetched by the page (handed over, or fetched when idle), not navigated to.
  registerRoute(
    ({ request, url, sameOrigin }) =>
      sameOrigin && request.mode !== 'navigate' && (isPageData(url) || prerenderedPageFile(url.pathname, url.search) !== null),
    pages,
  );
}
