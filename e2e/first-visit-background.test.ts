/**
 * A first visit keeps the network for its first screen (issue 18; decision 0051): the pull of the
 * local copy and the service worker (with its ~1 MB precache) start only once the page has loaded
 * and is interactive, then both follow on their own. The first screen's pictures are held here, so
 * the page cannot finish loading until they are let through. The public pages hydrate and work
 * without the local database code (Dexie) or the sync engine, which load only after that
 * (decision 0065).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newContext } from './support/browser.ts';
import { loginAs } from './support/login.ts';
import { offlineJourney, waitForLocalCopy, waitForServiceWorker } from './support/offline.ts';

const journey = offlineJourney();

/** A new phone-sized page, and the path of every request its context makes, in order. */
async function phoneRecordingRequests() {
  const context = await newContext(journey.browser, { width: 360, height: 740 });
  const page = await context.newPage();
  const asked: string[] = [];
  // What the page itself asked for: the worker's precache (which holds the local database's code
  // for offline use) installs once the page has settled and is not held (decision 0095).
  const askedByPage: string[] = [];
  context.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    asked.push(path);
    if (!request.serviceWorker()) askedByPage.push(path);
  });
  return { context, page, asked, askedByPage };
}

describe('a first visit', () => {
  it('hydrates the home without the local database, and asks for it, the pull and the service worker only after the page has loaded', { timeout: 90_000 }, async () => {
    const { context, page, asked } = await phoneRecordingRequests();
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
    // The app hydrates the prerendered home while its pictures are still on their way; every
    // section (also the ones read from the local copy later) shows its prerendered content and
    // works, and neither the local database code nor the sync engine has been asked for.
    await page.waitForFunction(() => performance.getEntriesByName('app-ready').length > 0, undefined, { timeout: 30_000 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => requestIdleCallback(resolve), 0))));
    expect(await page.evaluate(() => document.readyState)).not.toBe('complete');
    const question = page.getByRole('region', { name: 'Frequently Asked Questions' }).getByRole('button').first();
    await question.click();
    await expect.poll(() => question.getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('region', { name: 'Latest Blogs' }).getByRole('article').first().waitFor();
    await page.getByRole('region', { name: 'Meet Our Agents' }).getByRole('button').first().click();
    await page.getByRole('dialog', { name: 'Agent Details' }).waitFor();
    await page.keyboard.press('Escape');
    expect(asked.filter((path) => /\/assets\/(local-db|local-live|sync-pull|dexie)[^/]*\.js$/.test(path))).toEqual([]);
    expect(asked).not.toContain('/api/sync');

    // Once the page has loaded, both come by themselves.
    letPicturesThrough();
    await waitForServiceWorker(page);
    await waitForLocalCopy(page);
    const times = await page.evaluate(() => ({
      loaded: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
      ready: performance.getEntriesByName('app-ready')[0]?.startTime ?? Number.NaN,
      settled: performance.getEntriesByName('page-settled')[0]?.startTime ?? Number.NaN,
      registered: (window as unknown as { swRegisteredAt?: number }).swRegisteredAt ?? Number.NaN,
      localDb: Math.min(...performance.getEntriesByType('resource').filter((entry) => /\/assets\/local-db-[^/]*\.js$/.test(entry.name)).map((entry) => entry.startTime)),
      firstPull: Math.min(...performance.getEntriesByType('resource').filter((entry) => new URL(entry.name).pathname === '/api/sync').map((entry) => entry.startTime)),
    }));
    expect(asked).toContain('/sw.js');
    expect(times.loaded).toBeGreaterThan(0);
    expect(times.firstPull).toBeGreaterThanOrEqual(times.loaded);
    expect(times.registered).toBeGreaterThanOrEqual(Math.max(times.loaded, times.ready));
    expect(times.settled).toBeGreaterThanOrEqual(Math.max(times.loaded, times.ready));
    expect(Math.min(times.registered, times.firstPull, times.localDb)).toBeGreaterThanOrEqual(times.settled);
    await context.close();
  });

  it('hydrates the catalogue and a policy page and lets them be used before the local database code loads', { timeout: 90_000 }, async () => {
    const { context, page, asked } = await phoneRecordingRequests();
    // The pictures are held for good: the page never finishes loading, so nothing after it starts.
    await page.route('**/demo/**', () => new Promise(() => undefined));

    await page.goto(`${journey.server.url}/all-policies`, { waitUntil: 'commit' });
    await page.waitForFunction(() => performance.getEntriesByName('app-ready').length > 0, undefined, { timeout: 30_000 });
    const titles = () => page.getByRole('article').getByRole('heading').allTextContents();
    const firstTitles = await titles();
    expect(firstTitles).toHaveLength(8);
    // Search and the pager answer from the prerendered catalogue.
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(async () => { const shown = await titles(); return shown.length > 0 && shown[0] !== firstTitles[0]; }).toBe(true);
    const wanted = firstTitles[3] ?? '';
    await page.getByLabel('Search policies').fill(wanted);
    await expect.poll(titles).toContain(wanted);
    expect(await titles()).toEqual([wanted]);

    // A policy opened from it comes from the server, and its Back works.
    await page.getByRole('link', { name: `View Details of ${wanted}` }).click();
    await page.getByRole('heading', { name: wanted, level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('heading', { name: 'All Policies', level: 1 }).waitFor();

    expect(await page.evaluate(() => document.readyState)).not.toBe('complete');
    expect(asked.filter((path) => /\/assets\/(local-db|local-live|sync-pull|dexie)[^/]*\.js$/.test(path))).toEqual([]);
    expect(asked).not.toContain('/api/sync');
    await context.close();
  });

  // Decision 0095: the local database's work waits for a visitor's first act, or 5 s untouched.
  const localWork = /\/assets\/(local-db|local-live|sync-pull|dexie)[^/]*\.js$|^\/api\/sync$/;
  const released = (page: Page) =>
    page.evaluate(() => {
      const mark = performance.getEntriesByName('background-released')[0] as PerformanceMark | undefined;
      const settled = performance.getEntriesByName('page-settled')[0];
      return mark ? { why: mark.detail as string, afterSettled: mark.startTime - (settled?.startTime ?? 0) } : null;
    });
  const settledAndIdle = async (page: Page) => {
    await page.waitForFunction(() => performance.getEntriesByName('page-settled').length > 0, undefined, { timeout: 30_000 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => requestIdleCallback(resolve), 0))));
  };

  it("leaves a visitor's page alone once it has settled, until the visitor first acts on it", { timeout: 90_000 }, async () => {
    const { context, page, asked, askedByPage } = await phoneRecordingRequests();
    await page.goto(`${journey.server.url}/all-policies`);
    await settledAndIdle(page);
    expect(await released(page)).toBeNull();
    expect(askedByPage.filter((path) => localWork.test(path))).toEqual([]);
    // Whatever chunk it would come in: no script the page has loaded holds Dexie's code (its
    // errors' names), so none was evaluated either.
    const scripts = [...new Set(askedByPage.filter((path) => path.endsWith('.js')))];
    const withDexie: string[] = [];
    for (const script of scripts) if ((await (await page.request.get(`${journey.server.url}${script}`)).text()).includes('DatabaseClosed')) withDexie.push(script);
    expect(withDexie).toEqual([]);

    // A tap on the page (here on its heading) is an act: once it is answered, the work starts.
    await page.getByRole('heading', { name: 'All Policies', level: 1 }).click();
    await expect.poll(async () => (await released(page))?.why).toBe('act');
    await expect.poll(() => asked.filter((path) => localWork.test(path))).toContain('/api/sync');
    await context.close();
  });

  it('starts the work by itself when the page stays untouched for 5 s, and at once for a signed-in person', { timeout: 90_000 }, async () => {
    const { context, page, asked } = await phoneRecordingRequests();
    await page.goto(`${journey.server.url}/blogs`);
    await page.waitForFunction(() => performance.getEntriesByName('background-released').length > 0, undefined, { timeout: 30_000 });
    const untouched = await released(page);
    expect(untouched?.why).toBe('untouched');
    expect(untouched?.afterSettled).toBeGreaterThanOrEqual(4_990);
    await expect.poll(() => asked).toContain('/api/sync');

    // Signed in, nothing is held: the person's outbox and rows matter at once.
    await loginAs(page, journey.server, 'user', '/dashboard');
    asked.length = 0;
    await page.goto(`${journey.server.url}/all-policies`);
    await expect.poll(() => asked).toContain('/api/sync');
    expect(await released(page)).toBeNull();
    await context.close();
  });
});
