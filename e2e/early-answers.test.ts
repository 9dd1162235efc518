/**
 * Issue 32, decision 0091: on a slow phone a prerendered page shows seconds before the app
 * arrives. The catalogue's search and the quote's Calculate answer meanwhile, with the app's own
 * results, and the app takes the page over in place: the same answer, no flash of what it
 * replaced, no hydration error, no CSP violation.
 */
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { hydrated, openWithAppHeld } from './support/held-app.ts';
import type { Page } from './support/browser.ts';
import { calculateQuote } from './support/application-form.ts';

const app = useAppAndBrowser();

const cardTitles = (page: Page) => page.locator('.catalogue .card-grid article h3').allTextContents();
const countText = (page: Page) => page.locator('.catalogue__count').textContent();
const settling = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute('data-early-answer'));

/**
 * From now on, each time the page is marked as waiting for the app's own answer, what the
 * person then sees of `selector` (its visibility); read back with `seenWhileSettling`.
 */
const watchSettling = (page: Page, selector: string) =>
  page.evaluate((selector) => {
    const seen: string[] = [];
    (window as unknown as { settlingSeen: string[] }).settlingSeen = seen;
    new MutationObserver(() => {
      const marked = document.documentElement.getAttribute('data-early-answer');
      const shown = document.querySelector(selector);
      if (marked && shown) seen.push(`${marked}: ${getComputedStyle(shown).visibility}`);
    }).observe(document.documentElement, { attributes: true, attributeFilter: ['data-early-answer'] });
  }, selector);
const seenWhileSettling = (page: Page) => page.evaluate(() => (window as unknown as { settlingSeen: string[] }).settlingSeen);

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

    // A word only the forgiving search places ("Shikha" for Shikkha) is answered by it, as the app does.
    await box.pressSequentially('Shikha');
    await expect.poll(() => cardTitles(page)).toContain('Shishu Shikkha Education Plan');
    expect(await cardTitles(page)).not.toEqual(prerendered);

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
    await watchSettling(page, '.catalogue .card-grid');

    release();
    await expect.poll(() => hydrated(page)).toBe(true);
    expect(await pageNode!.evaluate((node) => node.isConnected && document.querySelector('#root .page') === node)).toBe(true);
    // The app's own answer to the same text: the same cards and count, and nothing hidden.
    await expect.poll(() => settling(page)).toBe(false);
    // Meanwhile the whole prerendered list, given back for hydrating, never showed.
    expect(await seenWhileSettling(page)).toEqual(['catalogue: hidden']);
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

const emptyText = (page: Page) => page.locator('.catalogue .state--empty').textContent();

describe("a catalogue search that finds nothing, before the app has arrived (decision 0119)", () => {
  for (const { path, message } of [
    { path: '/all-policies', message: 'No policies found matching your search.' },
    { path: '/bn/all-policies', message: 'আপনার খোঁজার সাথে মেলে এমন কোনো পলিসি পাওয়া যায়নি।' },
  ]) {
    it(`says so on ${path} as the app does, at 360 px, and the app takes over with the same`, async () => {
      const { page, release, errors } = await openWithAppHeld(app.browser, `${app.server.url}${path}`);
      const box = page.getByRole('searchbox');
      await box.waitFor();
      // Neither the spec's search nor the forgiving one finds this.
      await box.pressSequentially('qqxzv');
      await expect.poll(() => emptyText(page)).toBe(message);
      expect(await hydrated(page)).toBe(false);
      expect(await cardTitles(page)).toEqual([]);
      expect(await countText(page)).toBe('');
      const shown = (await page.locator('.catalogue .state--empty').boundingBox())!;
      expect(shown.x).toBeGreaterThanOrEqual(0);
      expect(shown.x + shown.width).toBeLessThanOrEqual(360);
      // Clearing the box gives the page back as it was.
      await box.fill('');
      await expect.poll(async () => (await cardTitles(page)).length).toBe(8);
      await box.pressSequentially('qqxzv');
      await expect.poll(() => emptyText(page)).toBe(message);

      release();
      await expect.poll(() => hydrated(page)).toBe(true);
      await expect.poll(() => settling(page)).toBe(false);
      expect(await emptyText(page)).toBe(message);
      expect(await cardTitles(page)).toEqual([]);
      expect(await box.inputValue()).toBe('qqxzv');
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }
});

const estimateText = (page: Page) => page.locator('.quote__result section').innerText();

describe("the quote's Calculate before the app has arrived", () => {
  it('shows the estimate the app gives, and the app takes over with the same', async () => {
    const { page, release, errors } = await openWithAppHeld(app.browser, `${app.server.url}/get-quote`);
    await page.getByRole('button', { name: 'Calculate Premium' }).waitFor();
    // Something wrong is left to the app, which says what: no estimate yet.
    await calculateQuote(page, { age: '', coverage: '500000', years: '5' });
    expect(await page.getByText('Fill in the form and choose Calculate Premium to see your annual and monthly premium.').isVisible()).toBe(true);

    // 5 lakh, age 45, male smoker, 5 years: 5 × 5 × 1.5 × 1.1 × 1.5 × 0.5 / 10 = ৳3.09375 a year.
    await calculateQuote(page, { age: '45', coverage: '500000', years: '5', gender: 'Male', smoker: 'Yes' });
    const heading = page.getByRole('heading', { name: 'Your estimate' });
    await heading.waitFor();
    expect(await hydrated(page)).toBe(false);
    const totals = page.locator('dl.quote__totals');
    expect(await totals.innerText()).toMatch(/Annual premium\s+৳3\.09\s+Monthly premium\s+৳0\.26/);
    const breakdown = page.locator('table.quote__breakdown');
    await breakdown.getByRole('row', { name: 'Age factor (age 45) × 1.5' }).waitFor();
    await breakdown.getByRole('row', { name: 'Gender factor (Male) × 1.1' }).waitFor();
    await breakdown.getByRole('row', { name: 'Smoker factor (smoker) × 1.5' }).waitFor();
    await breakdown.getByRole('row', { name: 'Duration factor (5 years ÷ 10) × 0.5' }).waitFor();
    const box = (await heading.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    const early = await estimateText(page);
    const pageNode = await page.$('#root .page');
    await watchSettling(page, '.quote__result');

    release();
    await expect.poll(() => hydrated(page)).toBe(true);
    expect(await pageNode!.evaluate((node) => node.isConnected && document.querySelector('#root .page') === node)).toBe(true);
    // The app's own estimate of the same answers, without pressing Calculate again; the
    // placeholder given back for hydrating never showed meanwhile.
    await expect.poll(() => settling(page)).toBe(false);
    expect(await seenWhileSettling(page)).toEqual(['quote: hidden']);
    await heading.waitFor();
    expect(await estimateText(page)).toBe(early);
    // A changed answer makes it stale, as before; Calculate answers again.
    await page.getByLabel('Age', { exact: true }).fill('25');
    await expect.poll(() => heading.count()).toBe(0);
    await page.getByRole('button', { name: 'Calculate Premium' }).click();
    await breakdown.getByRole('row', { name: 'Age factor (age 25) × 1' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('answers in Bangla with Bengali digits typed and shown', async () => {
    const { page, release, errors } = await openWithAppHeld(app.browser, `${app.server.url}/bn/get-quote`);
    const calculate = page.getByRole('button', { name: 'প্রিমিয়াম হিসাব করুন' });
    await calculate.waitFor();
    await page.locator('input[name="age"]').fill('৪৫');
    await page.locator('input[name="coverage"]').fill('৫,০০,০০০');
    await page.locator('select[name="duration"]').selectOption('5');
    await page.locator('select[name="smoker"]').selectOption('Yes');
    await calculate.click();
    const totals = page.locator('dl.quote__totals');
    await totals.waitFor();
    expect(await totals.innerText()).toContain('৳৩.০৯');
    const early = await estimateText(page);

    release();
    await expect.poll(() => hydrated(page)).toBe(true);
    await expect.poll(() => settling(page)).toBe(false);
    await totals.waitFor();
    expect(await estimateText(page)).toBe(early);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
