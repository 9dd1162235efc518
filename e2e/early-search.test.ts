/**
 * Issue 32, decision 0091: on a slow phone the prerendered catalogue shows seconds before the app
 * arrives. Its search answers meanwhile, with the app's own results, and the app takes the page
 * over in place: same results, no flash of the whole list, no hydration error, no CSP violation.
 */
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { hydrated, openWithAppHeld } from './support/held-app.ts';
import type { Page } from './support/browser.ts';

const app = useAppAndBrowser();

const cardTitles = (page: Page) => page.locator('.catalogue .card-grid article h3').allTextContents();
const countText = (page: Page) => page.locator('.catalogue__count').textContent();
const settling = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute('data-early-answer'));

/** Types into the held page's search box and waits for the early answer: at most a page of cards. */
async function searchEarly(page: Page, text: string) {
  const box = page.getByRole('searchbox');
  await box.fill('');
  await box.pressSequentially(text);
  await expect.poll(async () => (await cardTitles(page)).length).toBeLessThan(8);
  expect(await hydrated(page)).toBe(false);
}

describe("the catalogue's search before the app has arrived", () => {
  it('answers at once with the results the app gives, and the app takes over in place', async () => {
    const { page, release, errors } = await openWithAppHeld(app.browser, `${app.server.url}/all-policies`);
    const box = page.getByRole('searchbox', { name: 'Search policies' });
    await box.waitFor();
    const prerendered = await cardTitles(page);
    expect(prerendered).toHaveLength(8);

    // A word only the forgiving search could place is left to the app: the list stays as it was.
    await box.pressSequentially('Shikha');
    expect(await cardTitles(page)).toEqual(prerendered);

    await searchEarly(page, 'Shishu');
    const early = await cardTitles(page);
    expect(early.length).toBeGreaterThan(0);
    for (const title of early) expect(title).toMatch(/Shishu/i);
    const earlyCount = await countText(page);
    expect(earlyCount).toBe(`Showing 1–${early.length} of ${early.length} ${early.length === 1 ? 'policy' : 'policies'}`);
    // On a 360 px phone the first answer is there to tap.
    const first = page.locator('.catalogue .card-grid article').first().getByRole('link', { name: /View Details/ });
    const box360 = (await first.boundingBox())!;
    expect(box360.x).toBeGreaterThanOrEqual(0);
    expect(box360.x + box360.width).toBeLessThanOrEqual(360);
    expect(await first.getAttribute('href')).toMatch(/^\/policies\/demo-/);
    // The prerendered element React will hydrate: the same one must still be there after.
    const pageNode = await page.$('#root .page');

    release();
    await expect.poll(() => hydrated(page)).toBe(true);
    expect(await pageNode!.evaluate((node) => node.isConnected && document.querySelector('#root .page') === node)).toBe(true);
    // The app's own answer to the same text: the same cards and count, and nothing hidden.
    await expect.poll(() => settling(page)).toBe(false);
    expect(await cardTitles(page)).toEqual(early);
    expect(await countText(page)).toBe(earlyCount);
    expect(await box.inputValue()).toBe('Shishu');
    // From here the app answers: a new search, and the address it keeps for Back.
    await box.fill('Term');
    await expect.poll(() => cardTitles(page)).toContain('Shurokkha Term Shield');
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe('Term');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('answers in Bangla on the Bangla catalogue, with Bangla links and count', async () => {
    const { page, release, errors } = await openWithAppHeld(app.browser, `${app.server.url}/bn/all-policies`);
    await page.getByRole('searchbox').waitFor();
    await searchEarly(page, 'শিশু');
    const early = await cardTitles(page);
    expect(early).toContain('শিশু শিক্ষা প্ল্যান');
    expect(await countText(page)).toContain('দেখানো হচ্ছে');
    const hrefs = await page.locator('.catalogue .card-grid a.card__action').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    for (const href of hrefs) expect(href).toMatch(/^\/bn\/policies\//);

    release();
    await expect.poll(() => hydrated(page)).toBe(true);
    await expect.poll(() => settling(page)).toBe(false);
    expect(await cardTitles(page)).toEqual(early);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
