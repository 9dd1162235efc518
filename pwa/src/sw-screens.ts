/**
 * Built files outside a visitor's precache (issue 32, pwa/build/visitor-precache.ts): a
 * signed-in person's screens, the Bengali font. The worker keeps each as it is loaded, and the
 * page has it load its role's screens after sign-in (app/role-screens.ts), so they open offline.
 * Their names carry their content's hash, so a kept file is answered without asking again;
 * old builds' files age out (30 days, or past the budget, least recently used first).
 *
 * The list of a role's screens (signed-in-screens.json, read by the page after each signed-in
 * start) has no hash in its name. Its precache entry's revision (its content's hash) names a
 * cache of its own instead, as the pages' list names theirs (sw-pages.ts): it is fetched once per
 * build, and a returning person's start asks the network nothing for it.
 */
/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { screensListFile } from './lib/screens-list.ts';
import { cacheForRevisionOf, type ManifestEntry } from './sw-build-caches.ts';

export const screensBudget = { entries: 300, maxAgeDays: 30 };
export const screensCacheName = 'screens';

const screensListCachePrefix = 'screens-list-';

/** Whether a precache entry is the screens' list, which the worker keeps itself (not precached). */
export const isScreensList = (entry: ManifestEntry) => (typeof entry === 'string' ? entry : entry.url) === screensListFile;

/** `manifest`: the build's precache list, whose entry for the screens' list names its cache. */
export function keepScreensListPerBuild(manifest: ReadonlyArray<ManifestEntry>): void {
  const cacheName = cacheForRevisionOf(manifest, screensListFile, screensListCachePrefix);
  if (!cacheName) return;
  registerRoute(
    ({ url, sameOrigin }) => sameOrigin && url.pathname === `/${screensListFile}`,
    new CacheFirst({ cacheName, plugins: [new CacheableResponsePlugin({ statuses: [200] })] }),
  );
}

export function keepScreensAsLoaded(): void {
  registerRoute(
    ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
    new CacheFirst({
      cacheName: screensCacheName,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({ maxEntries: screensBudget.entries, maxAgeSeconds: screensBudget.maxAgeDays * 24 * 60 * 60, purgeOnQuotaError: true }),
      ],
    }),
  );
}
