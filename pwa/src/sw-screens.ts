/**
 * Built files outside a visitor's precache (issue 32, pwa/build/visitor-precache.ts): a
 * signed-in person's screens, the Bengali font. The worker keeps each as it is loaded, and the
 * page has it load its role's screens after sign-in (app/role-screens.ts), so they open offline.
 * Their names carry their content's hash, so a kept file is answered without asking again;
 * old builds' files age out (30 days, or past the budget, least recently used first).
 */
/// <reference lib="webworker" />
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

export const screensBudget = { entries: 300, maxAgeDays: 30 };
export const screensCacheName = 'screens';

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
