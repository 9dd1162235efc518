/**
 * Pictures offline (service worker side): the pictures of the catalogue, policy details,
 * blogs and agents are cached as they are shown, so an offline card shows what was seen.
 * The budget is stated here: at most `pictureBudget.entries` pictures (the app's pictures are
 * 5-20 KB, so about 3 MB), kept at most 30 days; past the budget the least recently shown
 * picture goes first, and everything here goes first under storage pressure. Within those
 * 30 days a cached picture is answered from the cache without asking the server (demo artwork
 * and uploaded images never change under the same URL), so a returning visit costs no picture
 * requests. A picture never seen offline fails, and the card shows its stand-in
 * (components/fallback-image.tsx), which is precached with the app shell (vite.config.ts), so
 * no card shows a broken image.
 *
 * Pictures the page loaded before this worker controlled it (a first visit) are handed over by
 * the page once the worker takes control (lib/shown-pictures.ts) and go into the same cache.
 */
/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { isKeptPicturePath, shownPicturesMessage, type ShownPictures } from './lib/shown-pictures.ts';

declare const self: ServiceWorkerGlobalScope;

export const pictureBudget = { entries: 200, maxAgeDays: 30 };

export function cachePicturesAsShown(): void {
  const pictures = new CacheFirst({
    cacheName: 'images',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({
        maxEntries: pictureBudget.entries,
        maxAgeSeconds: pictureBudget.maxAgeDays * 24 * 60 * 60,
        purgeOnQuotaError: true,
      }),
    ],
  });
  registerRoute(({ request, url, sameOrigin }) => sameOrigin && request.destination === 'image' && isKeptPicturePath(url.pathname), pictures);

  self.addEventListener('message', (event) => {
    const data = event.data as Partial<ShownPictures> | null;
    if (data?.type !== shownPicturesMessage || !Array.isArray(data.urls)) return;
    const urls = data.urls
      .filter((href): href is string => typeof href === 'string')
      .map((href) => new URL(href, self.location.href))
      .filter((url) => url.origin === self.location.origin && isKeptPicturePath(url.pathname))
      .slice(0, pictureBudget.entries);
    // 'force-cache': the bytes the page already has, from the HTTP cache, stale or not; a
    // picture missing there is fetched once. A failed one is simply not kept.
    event.waitUntil(
      Promise.all(urls.map((url) => pictures.handle({ event, request: new Request(url.href, { cache: 'force-cache' }) }).catch(() => undefined))),
    );
  });
}
