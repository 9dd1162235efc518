/**
 * Issue 32, decision 0092: a person who follows a link before the app has arrived is leaving;
 * the page's own downloads are stopped so that the next page does not wait behind them. The
 * app's scripts are held unanswered (as a slow network holds them), and so is the next page, so
 * what happened at the tap can be seen before the next page commits.
 */
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { hydrated, openWithAppHeld } from './support/held-app.ts';
import type { Request } from 'playwright-core';
import type { Page } from './support/browser.ts';

const app = useAppAndBrowser();

/**
 * The app's scripts the page asked for (`held`, recorded by the held page's route from the first),
 * and those it has given up on (stopped) since.
 */
function watchScripts(page: Page, held: Request[]) {
  const stopped = new Set<string>();
  page.on('requestfailed', (request) => {
    if (held.includes(request)) stopped.add(request.url());
  });
  return { asked: () => new Set(held.filter((request) => request.frame() === page.mainFrame()).map((request) => request.url())), stopped };
}

/** Holds the navigation to `path` until the returned function is called. */
async function holdPage(page: Page, path: string) {
  let letThrough!: () => void;
  const held = new Promise<void>((resolve) => (letThrough = resolve));
  let asked = false;
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      asked = true;
      await held;
      await route.continue();
    },
  );
  return { letThrough, asked: () => asked };
}

describe('following a link before the app has arrived', () => {
  // (The hero's button opens the quote page the home page carries, without leaving it: e2e/early-page.test.ts.)
  it("stops the home page's downloads at the tap on its language switch, and the Bangla home opens", async () => {
    const { page, release, errors, heldScripts } = await openWithAppHeld(app.browser, `${app.server.url}/`);
    const scripts = watchScripts(page, heldScripts);
    const next = await holdPage(page, '/bn');
    const button = page.locator('a.language-switch');
    await button.waitFor();
    await expect.poll(() => scripts.asked().size).toBeGreaterThan(1);
    expect(await hydrated(page)).toBe(false);
    // On a 360 px phone the language switch is on screen, to tap.
    const box = (await button.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    expect(box.y + box.height).toBeLessThanOrEqual(740);

    // A pointer's tap where the button shows (the locator's click would wait for the held page).
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    // The next page is still on its way, and the home page has already given up every script.
    await expect.poll(() => next.asked()).toBe(true);
    await expect.poll(() => [...scripts.asked()].filter((url) => !scripts.stopped.has(url))).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/');

    next.letThrough();
    release();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/bn');
    await page.getByRole('link', { name: 'বিনামূল্যে প্রিমিয়াম জানুন' }).first().waitFor();
    // The Bangla home's own app arrives and takes over.
    await expect.poll(() => hydrated(page)).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('keeps downloading for a link within the page, and the app takes over', async () => {
    const { page, release, errors, heldScripts } = await openWithAppHeld(app.browser, `${app.server.url}/bn`);
    const scripts = watchScripts(page, heldScripts);
    await page.getByRole('link', { name: 'মূল অংশে যান' }).waitFor({ state: 'attached' });
    await expect.poll(() => scripts.asked().size).toBeGreaterThan(1);
    await page.getByRole('link', { name: 'মূল অংশে যান' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).hash).toBe('#main');

    release();
    await expect.poll(() => hydrated(page)).toBe(true);
    expect(scripts.stopped).toEqual(new Set());
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('after the app has taken over, leaves its links to the app', async () => {
    const { page, release, errors, heldScripts } = await openWithAppHeld(app.browser, `${app.server.url}/`);
    const scripts = watchScripts(page, heldScripts);
    release();
    await expect.poll(() => hydrated(page)).toBe(true);
    await page.locator('a.hero__cta:visible').first().click();
    await page.getByRole('heading', { level: 1, name: 'Get a Free Quote' }).waitFor();
    // The app's own navigation: its route's code arrives, and nothing was given up for it.
    await page.getByRole('button', { name: 'Calculate Premium' }).waitFor();
    expect(scripts.stopped).toEqual(new Set());
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('going back to a page left early opens it with its app', async () => {
    const { page, release } = await openWithAppHeld(app.browser, `${app.server.url}/about`);
    await page.getByRole('link', { name: 'Contact', exact: true }).first().waitFor();
    await page.getByRole('link', { name: 'Contact', exact: true }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
    release();
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'About LifeSure Insurance' }).waitFor();
    await expect.poll(() => hydrated(page)).toBe(true);
    await page.context().close();
  });
});
