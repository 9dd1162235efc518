/**
 * Issue 52 goal 4, decision 0121: the home page's hero button, tapped before the app has arrived,
 * opens the quote page at once from what the home page carries (no round trip), at its address;
 * the app then hydrates that page in place and works on it. The app's scripts are held unanswered
 * (as a slow network holds them), at 360x740, in English and Bangla.
 */
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { hydrated, openWithAppHeld } from './support/held-app.ts';
import type { Locator } from 'playwright-core';

const app = useAppAndBrowser();

async function expectOnScreen(locator: Locator) {
  const box = (await locator.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  expect(box.y + box.height).toBeLessThanOrEqual(740);
  return box;
}

const languages = [
  { home: '/', quote: '/get-quote', heading: 'Get a Free Quote', title: 'Get a Free Quote | LifeSure Insurance', age: 'Age', coverage: /Coverage/, calculate: 'Calculate Premium', estimate: 'Your estimate' },
  { home: '/bn', quote: '/bn/get-quote', heading: 'বিনামূল্যে প্রিমিয়াম জেনে নিন', title: 'বিনামূল্যে প্রিমিয়াম জানুন | লাইফশিওর ইনস্যুরেন্স', age: 'বয়স', coverage: /বিমার অঙ্ক/, calculate: 'প্রিমিয়াম হিসাব করুন', estimate: 'আপনার আনুমানিক প্রিমিয়াম' },
];

describe("the hero's button before the app has arrived", () => {
  for (const language of languages) {
    it(`opens the quote form at once, and the app takes it over in place (${language.home})`, async () => {
      const { page, release, errors } = await openWithAppHeld(app.browser, `${app.server.url}${language.home}`);
      const navigations: string[] = [];
      page.on('request', (request) => {
        if (request.isNavigationRequest()) navigations.push(new URL(request.url()).pathname);
      });
      const button = page.locator('a.hero__cta:visible').first();
      await button.waitFor();
      const box = await expectOnScreen(button);
      expect(await hydrated(page)).toBe(false);

      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      const heading = page.getByRole('heading', { level: 1, name: language.heading });
      await heading.waitFor();
      // Answered from the home page itself: no request for the quote page, the app still held.
      expect(navigations).toEqual([]);
      expect(new URL(page.url()).pathname).toBe(language.quote);
      expect(await page.title()).toBe(language.title);
      expect(await hydrated(page)).toBe(false);
      const calculate = page.getByRole('button', { name: language.calculate });
      await expectOnScreen(page.getByLabel(language.age, { exact: true }));
      // Its styles came with it: the button is styled as the quote page's, not the browser's default.
      expect(await calculate.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe('rgb(239, 239, 239)');
      // Filled and sent before the app arrives: kept, and answered once it has.
      await page.getByLabel(language.age, { exact: true }).fill('30');
      await page.getByLabel(language.coverage).fill('10');
      await page.getByLabel(/Duration|Term|মেয়াদ/).selectOption({ index: 1 });
      await calculate.click();
      expect(await page.getByRole('heading', { name: language.estimate }).count()).toBe(0);
      await heading.evaluate((element) => ((element as HTMLElement & { carried?: true }).carried = true));

      release();
      await expect.poll(() => hydrated(page)).toBe(true);
      // Hydrated in place: the very element shown before the app (React did not render it anew).
      expect(await heading.evaluate((element) => (element as HTMLElement & { carried?: true }).carried === true)).toBe(true);
      await page.getByRole('heading', { name: language.estimate }).waitFor();
      expect(await page.getByLabel(language.age, { exact: true }).inputValue()).toBe('30');
      expect(navigations).toEqual([]);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }

  it('going Back before the app has arrived shows the home page again, with its app', async () => {
    const { page, release, errors } = await openWithAppHeld(app.browser, `${app.server.url}/bn`);
    const button = page.locator('a.hero__cta:visible').first();
    await button.waitFor();
    const box = await expectOnScreen(button);
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.getByRole('heading', { level: 1, name: 'বিনামূল্যে প্রিমিয়াম জেনে নিন' }).waitFor();
    release();
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/bn');
    await page.locator('a.hero__cta:visible').first().waitFor();
    await expect.poll(() => hydrated(page)).toBe(true);
    expect(await page.getByRole('heading', { level: 1, name: 'বিনামূল্যে প্রিমিয়াম জেনে নিন' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
