/**
 * The Bengali font on a first visit (issue 52, docs/decisions/0125-a-bangla-first-visit-keeps-its-offline-promise.md):
 * on a phone without a Bengali font, a first visit to /bn fetches the app's Bengali font (38.9 KB, the largest
 * file of that visit after the shell) once over the network: the page asks for it, the worker's precache leaves it
 * out, and the page hands it to the worker from the browser's cache. Offline, a reload of /bn still draws its
 * Bangla with that font, which only the worker can then give. Requests are counted as the first-visit bench counts
 * them: at a proxy in front of the server, so what the browser's caches or the worker answered is not counted.
 */
import { expectNoBengaliSystemFont } from './support/system-fonts.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingProxy, type CountingProxy } from '../bench/support/counting-proxy.ts';
import { newContext, type Page } from './support/browser.ts';
import { offlineJourney, reloadOffline, waitForServiceWorker } from './support/offline.ts';

const journey = offlineJourney();
let proxy: CountingProxy;

beforeAll(async () => {
  expectNoBengaliSystemFont();
  proxy = await countingProxy(journey.server.url);
});
afterAll(async () => {
  await proxy?.close();
});

const isBengaliFont = (path: string) => /^\/assets\/bengali-[\w-]+\.woff2$/.test(path);
const fontRequests = () => proxy.seen.filter((entry) => isBengaliFont(entry.path));

/** Whether the worker's caches hold the Bengali font (the hand-over has run). */
const workerHoldsTheFont = (page: Page) =>
  page.evaluate(async () => {
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      if ((await cache.keys()).some((request) => /\/assets\/bengali-[\w-]+\.woff2$/.test(new URL(request.url).pathname))) return true;
    }
    return false;
  });

/** The app's Bengali face, loaded for a Bangla word: its status ('loaded', or 'error' when it could not be fetched). */
const bengaliFaceStatus = (page: Page) =>
  page.evaluate(async () => {
    const faces = await document.fonts.load('16px "LifeSure Bengali"', 'বাংলা');
    return faces.map((face) => face.status);
  });

describe('the Bengali font on a first visit to /bn', () => {
  it('is fetched once over the network, and draws the page offline after a reload', { timeout: 90_000 }, async () => {
    const context = await newContext(journey.browser, { width: 360, height: 740, locale: 'bn-BD' });
    const page = await context.newPage();
    await page.goto(`${proxy.url}/bn`);
    await page.getByRole('heading', { name: 'জনপ্রিয় পলিসি' }).waitFor();
    await waitForServiceWorker(page);
    await expect.poll(() => workerHoldsTheFont(page), { timeout: 30_000 }).toBe(true);
    expect(await bengaliFaceStatus(page)).toEqual(['loaded']);
    // The page's request, and no second one for the worker.
    expect(fontRequests().map((entry) => entry.status)).toEqual([200]);

    // Offline, the font can only come from the worker.
    await context.setOffline(true);
    await reloadOffline(page);
    await page.getByRole('heading', { name: 'জনপ্রিয় পলিসি' }).waitFor();
    expect(await bengaliFaceStatus(page)).toEqual(['loaded']);
    await context.close();
  });
});
