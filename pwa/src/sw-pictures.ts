/**
 * Pictures offline (service worker side): the pictures of the catalogue, policy details,
 * blogs and agents are cached as they are shown, so an offline card shows what was seen.
 * The budget is stated here: at most `pictureBudget.entries` pictures (the app's pictures are
 * 5-20 KB, so about 3 MB), kept at most 30 days; past the budget the least recently shown
 * picture goes first, and everything here goes first under storage pressure. A picture never
 * seen offline fails, and the card shows its stand-in (components/fallback-image.tsx), which
 * is precached with the app shell (vite.config.ts), so no card shows a broken image.
 */
/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

export const pictureBudget = { entries: 200, maxAgeDays: 30 };

/** Demo artwork and uploaded images never change under the same URL: cache first. */
export function cachePicturesAsShown(apiPrefix: string): void {
  registerRoute(
    ({ request, url, sameOrigin }) =>
      sameOrigin && request.destination === 'image' && (url.pathname.startsWith('/demo/') || url.pathname.startsWith(`${apiPrefix}/images/`)),
    new CacheFirst({
      cacheName: 'images',
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({
          maxEntries: pictureBudget.entries,
          maxAgeSeconds: pictureBudget.maxAgeDays * 24 * 60 * 60,
          purgeOnQuotaError: true,
        }),
      ],
    }),
  );
}
