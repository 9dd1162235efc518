/**
 * The product in Bangla on a phone (issue 25): a Bangla-speaking visitor at 360x740 with the
 * browser's locale bn-BD goes through the public journey under /bn: every screen in Bangla,
 * `lang="bn"`, money in ৳ with Bengali digits, nothing wider than the screen, axe clean; the
 * switch moves between the two URLs of a page and is remembered; the pages read without script.
 */
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expectNothingOverflows } from './support/fits.ts';
import { newContext, type Page } from './support/browser.ts';

const app = useAppAndBrowser();
const bangla = { width: 360, height: 740, locale: 'bn-BD' };
const bengaliDigits = /[০-৯]/;

async function expectBanglaPage(page: Page, screen: string) {
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('bn');
  // The switch offers English on a Bangla page.
  await page.getByRole('link', { name: 'English', exact: true }).first().waitFor();
  await expectNothingOverflows(page, screen);
  await expectNoAxeViolations(page, screen);
}

describe('the public journey in Bangla at 360 px', () => {
  it('home, catalogue with search and pager, a policy and the quote in Bangla digits', async () => {
    const page = await (await newContext(app.browser, bangla)).newPage();
    await page.goto(`${app.server.url}/bn`);
    await page.getByRole('heading', { name: 'জনপ্রিয় পলিসি' }).waitFor();
    await page.getByRole('heading', { name: 'সচরাচর জিজ্ঞাসা' }).waitFor();
    const card = page.locator('.card').first();
    expect(await card.getByText(/^বিমার অঙ্ক: ৳[০-৯]{1,2}(,[০-৯]{2})*,[০-৯]{3}$/).count()).toBe(1);
    expect(await page.title()).toBe('হোম | লাইফশিওর ইনস্যুরেন্স');
    await expectBanglaPage(page, 'Home (bn)');

    // The catalogue: its links stay under /bn.
    await page.getByRole('button', { name: 'মেনু' }).click();
    await page.getByRole('navigation', { name: 'প্রধান মেনু' }).getByRole('link', { name: 'সকল পলিসি' }).click();
    await page.getByRole('heading', { level: 1, name: 'সকল পলিসি' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/bn/all-policies');
    await page.getByText(/^[০-৯]+টি পলিসির মধ্যে ১–৮ দেখানো হচ্ছে$/).waitFor();
    await expectBanglaPage(page, 'Catalogue (bn)');
    await page.getByRole('navigation', { name: 'পৃষ্ঠা' }).getByRole('button', { name: 'পরের' }).click();
    await page.getByText(/মধ্যে ৯–১৬ দেখানো হচ্ছে$/).waitFor();
    // A Bangla word finds the policy whose Bangla title has it.
    await page.getByLabel('পলিসি খুঁজুন').fill('কৃষক');
    await page.getByRole('heading', { level: 3, name: 'কৃষক জীবন বিমা' }).waitFor();
    await expect.poll(() => page.locator('.card').count()).toBe(1);
    await page.getByLabel('পলিসি খুঁজুন').fill('zzz-nothing');
    await page.getByText('আপনার খোঁজার সাথে মেলে এমন কোনো পলিসি পাওয়া যায়নি।').waitFor();
    await page.getByLabel('পলিসি খুঁজুন').fill('');

    // A policy.
    await page.locator('.card').first().getByRole('link', { name: /বিস্তারিত দেখুন/ }).click();
    await page.getByText('বিমার অঙ্ক', { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/bn\/policies\//);
    expect(await page.locator('.policy-details__facts').innerText()).toMatch(/৳[০-৯,]+/);
    await expectBanglaPage(page, 'Policy (bn)');

    // The quote, typed in Bengali digits: the same result as ASCII digits, shown in Bangla.
    await page.getByRole('link', { name: 'প্রিমিয়াম হিসাব করুন' }).click();
    await page.getByRole('heading', { level: 1, name: 'বিনামূল্যে প্রিমিয়াম জেনে নিন' }).waitFor();
    await page.getByLabel('বয়স').fill('৩৫');
    await page.getByLabel('বিমার অঙ্ক (৳)').fill('২০০০০০০');
    await page.getByLabel('মেয়াদ (বছর)').selectOption('10');
    await page.getByRole('button', { name: 'প্রিমিয়াম হিসাব করুন' }).click();
    // 20 lakh x 5 x 1.5 (age 35) x 1.1 (male) x 1 x 1 (10 years) / 10 = 16.5 a year, 1.375 a month.
    const totals = page.locator('.quote__totals');
    await totals.waitFor();
    expect(await totals.innerText()).toContain('৳১৬.৫০');
    expect(await totals.innerText()).toContain('৳১.৩৮');
    await expectBanglaPage(page, 'Quote (bn)');

    // The same figures from ASCII digits.
    await page.getByLabel('বয়স').fill('35');
    await page.getByLabel('বিমার অঙ্ক (৳)').fill('2000000');
    await page.getByRole('button', { name: 'প্রিমিয়াম হিসাব করুন' }).click();
    await expect.poll(() => totals.innerText()).toContain('৳১৬.৫০');
    expect(bengaliDigits.test(await totals.innerText())).toBe(true);
  });

  it('switches a page to English and back, and keeps the choice after a reload', async () => {
    const context = await newContext(app.browser, bangla);
    const page = await context.newPage();
    await page.goto(`${app.server.url}/bn/get-quote`);
    await page.getByRole('heading', { level: 1, name: 'বিনামূল্যে প্রিমিয়াম জেনে নিন' }).waitFor();

    await page.getByRole('link', { name: 'English', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Get a Free Quote' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/get-quote');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    const switchToBangla = page.getByRole('link', { name: 'বাংলা', exact: true });
    await switchToBangla.waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Get a Free Quote' }).waitFor();
    await expectNoAxeViolations(page, 'Quote (en) after switching');

    await switchToBangla.click();
    await page.getByRole('heading', { level: 1, name: 'বিনামূল্যে প্রিমিয়াম জেনে নিন' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/bn/get-quote');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'বিনামূল্যে প্রিমিয়াম জেনে নিন' }).waitFor();
    // The device remembers: an English address opens the same page in Bangla.
    await page.goto(`${app.server.url}/about`);
    await page.getByRole('heading', { level: 1, name: 'লাইফশিওর ইনস্যুরেন্স সম্পর্কে' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/bn/about');
    await expectBanglaPage(page, 'About (bn)');
  });

  it('offers Bangla on a first visit to / from a Bangla browser, without redirecting', async () => {
    const page = await (await newContext(app.browser, bangla)).newPage();
    await page.goto(`${app.server.url}/`);
    const offer = page.getByRole('complementary', { name: 'Read this site in Bangla?' });
    await offer.getByRole('link', { name: 'বাংলায় দেখুন' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await expectNoAxeViolations(page, 'Home (en) with the Bangla offer');
    await offer.getByRole('link', { name: 'বাংলায় দেখুন' }).click();
    await page.getByRole('heading', { name: 'জনপ্রিয় পলিসি' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/bn');
    // An English browser is not asked.
    const english = await (await newContext(app.browser, { locale: 'en-US' })).newPage();
    await english.goto(`${app.server.url}/`);
    await english.getByRole('heading', { name: 'Popular Policies' }).waitFor();
    await english.waitForLoadState('networkidle');
    expect(await english.getByRole('link', { name: 'বাংলায় দেখুন' }).count()).toBe(0);
  });

  it('shows /bn/get-quote and /bn/all-policies in Bangla without JavaScript', async () => {
    const page = await (await newContext(app.browser, { ...bangla, javaScriptEnabled: false })).newPage();
    await page.goto(`${app.server.url}/bn/get-quote`);
    await page.getByRole('heading', { level: 1, name: 'বিনামূল্যে প্রিমিয়াম জেনে নিন' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('bn');
    expect(await page.locator('link[rel="alternate"][hreflang="en"]').getAttribute('href')).toBe('/get-quote');
    await page.goto(`${app.server.url}/bn/all-policies`);
    await page.getByRole('heading', { level: 1, name: 'সকল পলিসি' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('bn');
    expect(await page.locator('.card').first().innerText()).toMatch(/বিমার অঙ্ক: ৳[০-৯,]+/);
  });

  it("draws Bengali with the app's own font where the page has Bengali text, and only there", async () => {
    const fonts = (urls: string[], name: string) => urls.filter((url) => new RegExp(`/assets/${name}-[^/]*\\.woff2$`).test(new URL(url).pathname));
    const page = await (await newContext(app.browser, bangla)).newPage();
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(request.url()));
    await page.goto(`${app.server.url}/bn/about`);
    await page.getByRole('heading', { level: 1, name: 'লাইফশিওর ইনস্যুরেন্স সম্পর্কে' }).waitFor();
    await expect.poll(() => page.evaluate(async () => {
      await document.fonts.load('16px "LifeSure Bengali"', 'বাংলা');
      return document.fonts.check('16px "LifeSure Bengali"', 'বাংলা');
    })).toBe(true);
    expect(fonts(fetched, 'bengali')).toHaveLength(1);
    const font = await page.request.get(fonts(fetched, 'bengali')[0]!);
    // The whole Bengali block, not the 44 KB font of every script's extras: a few tens of KB.
    expect((await font.body()).length).toBeLessThan(60_000);

    // An English page shows one Bangla word (the switch) with its own tiny font.
    const english = await (await newContext(app.browser, { locale: 'en-US' })).newPage();
    const englishFetched: string[] = [];
    english.on('request', (request) => englishFetched.push(request.url()));
    await english.goto(`${app.server.url}/about`);
    await english.getByRole('link', { name: 'বাংলা', exact: true }).waitFor();
    await english.waitForLoadState('networkidle');
    await expect.poll(() => english.evaluate(() => document.fonts.check('600 16px "Bangla Label"', 'বাংলা'))).toBe(true);
    expect(fonts(englishFetched, 'bengali')).toEqual([]);
    expect(fonts(englishFetched, 'bangla-label')).toHaveLength(1);
  });
});
