/**
 * The taka sign ships with the app (pwa/build/taka-font.ts): a screen that shows money
 * preloads the one-glyph font and draws ৳ with it; a screen without money never fetches it.
 */
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { newContext } from './support/browser.ts';

const app = useAppAndBrowser();

// The taka sign's preload; an English page also preloads its language switch's Bangla label font.
const takaPreload = 'link[rel="preload"][as="font"][href*="/assets/taka-"]';
const fontRequests = (urls: string[]) => urls.filter((url) => /\/assets\/taka-[^/]*\.woff2$/.test(new URL(url).pathname));

describe('the taka sign', () => {
  it('is preloaded and drawn with its own font where money is shown', async () => {
    const page = await (await newContext(app.browser)).newPage();
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(request.url()));
    await page.goto(`${app.server.url}/get-quote`);
    await page.getByRole('heading', { name: 'Get a Free Quote' }).waitFor();
    const preload = page.locator(takaPreload);
    await expect.poll(() => preload.count()).toBe(1);
    const href = (await preload.getAttribute('href')) ?? '';
    expect(href).toMatch(/taka-[^/]*\.woff2$/);
    const font = await page.request.get(`${app.server.url}${href}`);
    expect(font.status()).toBe(200);
    // One glyph: a couple of kilobytes at most, not the whole Bengali font (~44 KB).
    expect((await font.body()).length).toBeLessThan(3000);
    await expect.poll(() => page.evaluate(async () => {
      await document.fonts.load('16px "Taka Sign"', '৳');
      return document.fonts.check('16px "Taka Sign"', '৳');
    })).toBe(true);
    expect(fontRequests(fetched).length).toBeGreaterThanOrEqual(1);
  });

  it('is not fetched by a screen without money', async () => {
    const page = await (await newContext(app.browser)).newPage();
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(request.url()));
    await page.goto(`${app.server.url}/about`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.locator(takaPreload).count()).toBe(0);
    expect(fontRequests(fetched)).toEqual([]);
  });
});

describe("an English page's language switch", () => {
  it('asks for its Bangla label font with the page and draws the label with it; a Bangla page asks for no font', async () => {
    const page = await (await newContext(app.browser)).newPage();
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(request.url()));
    await page.goto(`${app.server.url}/about`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // In the page as served, not added by script: fetched alongside it, not once the page is laid out (decision 0093).
    const served = await (await page.request.get(`${app.server.url}/about`, { headers: { accept: 'text/html' } })).text();
    expect(served).toMatch(/<link rel="preload" as="font" type="font\/woff2" crossorigin="anonymous" href="\/assets\/bangla-label-[\w-]+\.woff2">/);
    const bangla = page.getByRole('link', { name: 'বাংলা' });
    await expect.poll(async () => (await bangla.boundingBox())?.width ?? 0).toBeGreaterThan(0);
    await expect.poll(() => page.evaluate(() => document.fonts.check('600 16px "Bangla Label"', 'বাংলা'))).toBe(true);
    expect(fetched.filter((url) => new URL(url).pathname.startsWith('/assets/bangla-label-'))).toHaveLength(1);

    await page.goto(`${app.server.url}/bn/about`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.locator('link[rel="preload"][as="font"]').count()).toBe(0);
  });
});
