/**
 * A first visit keeps the network for its first screen (issue 18; decision 0051): the pull of the
 * local copy and the service worker (with its ~1 MB precache) start only once the page has loaded
 * and is interactive, then both follow on their own. The first screen's pictures are held here, so
 * the page cannot finish loading until they are let through.
 */
import { describe, expect, it } from 'vitest';
import { newContext } from './support/browser.ts';
import { offlineJourney, waitForLocalCopy, waitForServiceWorker } from './support/offline.ts';

const journey = offlineJourney();

describe('a first visit', () => {
  it('asks for the pull and the service worker only after the page has loaded', { timeout: 90_000 }, async () => {
    const context = await newContext(journey.browser, { width: 360, height: 740 });
    const page = await context.newPage();
    const asked: string[] = [];
    context.on('request', (request) => asked.push(new URL(request.url()).pathname));
    let letPicturesThrough = () => undefined as void;
    const picturesLetThrough = new Promise<void>((resolve) => (letPicturesThrough = resolve));
    await page.route('**/demo/**', async (route) => {
      await picturesLetThrough;
      await route.continue();
    });

    // When the page asked the browser to register a worker (the precache follows it).
    await page.addInitScript(() => {
      const register = ServiceWorkerContainer.prototype.register;
      ServiceWorkerContainer.prototype.register = function (...args: Parameters<typeof register>) {
        (window as unknown as { swRegisteredAt: number }).swRegisteredAt = performance.now();
        return register.apply(this, args);
      };
    });

    await page.goto(`${journey.server.url}/`, { waitUntil: 'commit' });
    // The app hydrates the prerendered home while its pictures are still on their way, and loads
    // the local database code for the home's own sections: the moment the pull used to start.
    await page.waitForFunction(() => performance.getEntriesByName('app-ready').length > 0, undefined, { timeout: 30_000 });
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => /\/assets\/local-db-[^/]*\.js$/.test(entry.name) && (entry as PerformanceResourceTiming).responseEnd > 0), undefined, { timeout: 30_000 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => requestIdleCallback(resolve), 0))));
    expect(await page.evaluate(() => document.readyState)).not.toBe('complete');

    // Once the page has loaded, both come by themselves.
    letPicturesThrough();
    await waitForServiceWorker(page);
    await waitForLocalCopy(page);
    const times = await page.evaluate(() => ({
      loaded: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
      ready: performance.getEntriesByName('app-ready')[0]?.startTime ?? Number.NaN,
      settled: performance.getEntriesByName('page-settled')[0]?.startTime ?? Number.NaN,
      registered: (window as unknown as { swRegisteredAt?: number }).swRegisteredAt ?? Number.NaN,
      firstPull: Math.min(...performance.getEntriesByType('resource').filter((entry) => new URL(entry.name).pathname === '/api/sync').map((entry) => entry.startTime)),
    }));
    expect(asked).toContain('/sw.js');
    expect(times.loaded).toBeGreaterThan(0);
    expect(times.firstPull).toBeGreaterThanOrEqual(times.loaded);
    expect(times.registered).toBeGreaterThanOrEqual(Math.max(times.loaded, times.ready));
    expect(times.settled).toBeGreaterThanOrEqual(Math.max(times.loaded, times.ready));
    expect(Math.min(times.registered, times.firstPull)).toBeGreaterThanOrEqual(times.settled);
    await context.close();
  });
});
