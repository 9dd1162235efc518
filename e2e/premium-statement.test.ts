/**
 * The premium statement for the tax return (issue 49 part 6) at 360x740, in English and Bangla,
 * on a phone whose clock is in Los Angeles (UTC-8/-7), not Dhaka: from the premiums page to the
 * demo customer's statement of the current fiscal year, its payments on their Dhaka days (the
 * demo pays at 06:00 UTC, the evening before in Los Angeles) and the right total; Print on the
 * screen and calling the browser's print; on paper only the statement (no app chrome, no
 * buttons); a year with nothing paid says so.
 */
import { describe, expect, it } from 'vitest';
import { fiscalYearLabel, fiscalYearOf } from '../edge-api/src/schemas/premium-schedule.ts';
import { useAppAndBrowser } from './support/app-server.ts';
import { newContext, type Page } from './support/browser.ts';
import { expectFullyOnScreen, expectNothingOverflows } from './support/fits.ts';
import { loginInLanguage, queryDb } from './support/login.ts';

const app = useAppAndBrowser({ seed: 'full' });
type Lang = 'en' | 'bn';
const timezoneId = 'America/Los_Angeles';

const words = {
  en: {
    premiums: 'Premiums',
    link: 'Premium statement for the tax return',
    heading: 'Statement of premiums paid',
    fiscalYear: (label: string) => `Fiscal year ${label}`,
    print: 'Print',
    total: 'Total premiums paid',
    empty: 'No premiums were paid in this fiscal year.',
    purpose: 'for the investment allowance on your income tax return',
    chooser: 'Fiscal year',
  },
  bn: {
    premiums: 'প্রিমিয়াম',
    link: 'আয়কর রিটার্নের জন্য প্রিমিয়াম বিবরণী',
    heading: 'প্রিমিয়াম পরিশোধের বিবরণী',
    fiscalYear: (label: string) => `অর্থবছর ${label}`,
    print: 'প্রিন্ট করুন',
    total: 'মোট পরিশোধিত প্রিমিয়াম',
    empty: 'এই অর্থবছরে কোনো প্রিমিয়াম পরিশোধ করা হয়নি।',
    purpose: 'বিনিয়োগজনিত কর রেয়াত',
    chooser: 'অর্থবছর',
  },
} as const;

const intlLocale = { en: 'en-IN', bn: 'bn-BD' } as const;
const dhakaDay = (iso: string) => new Date(Date.parse(iso) + 6 * 3_600_000).toISOString().slice(0, 10);
const bnDigits = (text: string) => text.replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]!);
/** A Dhaka day as Intl writes it in the language ("16 Nov 2026" / "১৬ নভে, ২০২৬"): what the page must show, whatever the phone's zone. */
const shownDay = (day: string, lang: Lang) =>
  new Intl.DateTimeFormat(intlLocale[lang], { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
/** ৳ and two decimals in the language: "৳600.00" / "৳৬০০.০০" (lakh grouping for the sums the demo has). */
const shownMoney = (minor: number, lang: Lang) => {
  const text = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minor / 100);
  return lang === 'bn' ? bnDigits(text) : text;
};

interface DemoReceipt { application_id: string; receipt_number: string; amount_minor: number; paid_at: string; collected_at: string | null }

/** The demo customer's policy with premiums paid (the one bought 12 days ago) and its receipts in the current fiscal year. */
function demoPaidPolicy() {
  const receipts = queryDb<DemoReceipt>(
    app.server,
    `SELECT r.application_id, r.receipt_number, r.amount_minor, r.paid_at, r.collected_at FROM premium_receipts r
     JOIN applications a ON a.id = r.application_id WHERE a.user_email = 'user@demo.local' ORDER BY r.paid_at`,
  );
  expect(receipts.length, 'the demo customer has paid premiums').toBeGreaterThan(0);
  const applicationId = receipts.at(-1)!.application_id;
  const year = fiscalYearOf(dhakaDay(new Date().toISOString()));
  const inYear = receipts.filter((r) => r.application_id === applicationId && fiscalYearOf(dhakaDay(r.collected_at ?? r.paid_at)) === year);
  return { applicationId, year, inYear, total: inYear.reduce((sum, r) => sum + r.amount_minor, 0) };
}

/** The demo customer's policy with nothing paid yet (in grace): an empty statement. */
function demoUnpaidPolicy(): string {
  const [row] = queryDb<{ id: string }>(
    app.server,
    `SELECT a.id FROM applications a WHERE a.user_email = 'user@demo.local' AND a.premium_mode IS NOT NULL AND a.payment_status = 'paid'
       AND NOT EXISTS (SELECT 1 FROM premium_receipts r WHERE r.application_id = a.id) ORDER BY a.paid_at DESC LIMIT 1`,
  );
  expect(row, 'the demo customer has a policy with nothing paid').toBeDefined();
  return row!.id;
}

async function signedInPhone(lang: Lang, target: string): Promise<Page> {
  const context = await newContext(app.browser, { width: 360, height: 740, timezoneId, locale: intlLocale[lang] });
  // The browser's print dialog is not the app's: record that Print asked for it.
  await context.addInitScript(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  const page = await context.newPage();
  await loginInLanguage(page, app.server, 'user', lang, target);
  return page;
}

describe.each(['en', 'bn'] as const)('the premium statement at 360x740 in %s, the phone in Los Angeles', (lang) => {
  const w = words[lang];

  it('opens from the premiums page and shows the demo\'s payments of this fiscal year on their Dhaka days, the total and Print on screen; on paper only the statement', async () => {
    const { applicationId, year, inYear, total } = demoPaidPolicy();
    const page = await signedInPhone(lang, `/dashboard/premiums/${applicationId}`);
    await page.getByRole('heading', { level: 1, name: w.premiums }).waitFor({ timeout: 30_000 });
    const link = page.getByRole('link', { name: w.link });
    await expectFullyOnScreen(page, link, 'the statement link');
    await link.click();
    await page.waitForURL((url) => url.pathname.endsWith(`/dashboard/premiums/${applicationId}/statement`));

    const sheet = page.getByRole('article', { name: w.heading });
    await sheet.waitFor({ timeout: 30_000 });
    const label = lang === 'bn' ? bnDigits(fiscalYearLabel(year)) : fiscalYearLabel(year);
    await expect.poll(() => sheet.locator('.statement__year').innerText()).toContain(w.fiscalYear(label));
    expect(await page.getByLabel(w.chooser).inputValue()).toBe(String(year));

    const rows = sheet.locator('.statement__payment');
    await expect.poll(() => rows.count()).toBe(inYear.length);
    for (const [index, receipt] of inYear.entries()) {
      const row = rows.nth(index);
      expect(await row.innerText()).toContain(receipt.receipt_number);
      // Paid at 06:00 UTC: the day before in Los Angeles, the Dhaka day on the statement.
      expect(await row.innerText()).toContain(shownDay(dhakaDay(receipt.collected_at ?? receipt.paid_at), lang));
      expect(await row.locator('.statement__amount').innerText()).toContain(shownMoney(receipt.amount_minor, lang));
    }
    const totalLine = sheet.locator('.statement__total');
    expect(await totalLine.innerText()).toContain(w.total);
    expect(await totalLine.locator('strong').innerText()).toContain(shownMoney(total, lang));
    expect(await sheet.locator('.statement__purpose').innerText()).toContain(w.purpose);

    const print = page.getByRole('button', { name: w.print, exact: true });
    await expectFullyOnScreen(page, print, 'the Print button');
    await expectNothingOverflows(page, 'the premium statement');
    await print.click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

    // On paper: the sheet, without the app's header and menu, the chooser or the button.
    await page.emulateMedia({ media: 'print' });
    await expect.poll(() => print.isVisible()).toBe(false);
    expect(await page.getByLabel(w.chooser).isVisible()).toBe(false);
    expect(await sheet.getByRole('heading', { name: w.heading }).isVisible()).toBe(true);
    expect(await totalLine.isVisible()).toBe(true);
    const chromeShown = await page.evaluate(() =>
      [...document.querySelectorAll('header, nav, footer, .dashboard__bar, .dashboard__sidebar')]
        .filter((element) => !element.closest('.statement__sheet'))
        .filter((element) => getComputedStyle(element).visibility === 'visible' && element.getBoundingClientRect().height > 0).length,
    );
    expect(chromeShown, 'app chrome visible on paper').toBe(0);
    await page.context().close();
  });

  it('a fiscal year with nothing paid says so, with a total of 0', async () => {
    const page = await signedInPhone(lang, `/dashboard/premiums/${demoUnpaidPolicy()}/statement`);
    const sheet = page.getByRole('article', { name: w.heading });
    await sheet.waitFor({ timeout: 30_000 });
    await sheet.getByText(w.empty).waitFor();
    expect(await sheet.locator('.statement__payment').count()).toBe(0);
    expect(await sheet.locator('.statement__total strong').innerText()).toContain(shownMoney(0, lang));
    await expectFullyOnScreen(page, page.getByRole('button', { name: w.print, exact: true }), 'the Print button');
    await page.context().close();
  });
});
