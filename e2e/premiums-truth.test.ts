/**
 * The truth everywhere (issue 49), at 360x740 in English and in Bangla: the certificate of a
 * lapsed policy and of one in grace says its state and its next due (day and amount in taka, in
 * My Policies' words), the public check of the certificate says the state, and a claim for an
 * event after the lapse is refused with the reason on the screen. The app's day is moved as
 * e2e/premiums.test.ts moves it: each policy's cover began so many days ago.
 */
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { newContext } from './support/browser.ts';
import { expectFullyOnScreen, expectNothingOverflows } from './support/fits.ts';
import { insertPolicyInForce } from './support/dashboard-data.ts';
import { loginInLanguage, queryDb } from './support/login.ts';

const app = useAppAndBrowser();
type Lang = 'en' | 'bn';
const phone = (locale: Lang) => ({ width: 360, height: 740, locale: locale === 'bn' ? 'bn-BD' : 'en-IN' });
const dayMs = 86_400_000;
const bengaliDigits = (text: string) => text.replace(/[0-9]/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]!);
/** A Dhaka day (yyyy-mm-dd) `daysAgo` before now. */
const dhakaDay = (daysAgo: number) => new Date(Date.now() - daysAgo * dayMs + 6 * 3_600_000).toISOString().slice(0, 10);

const words = {
  en: {
    certificate: 'Policy certificate',
    verify: 'Certificate check',
    lapsed: 'Lapsed',
    inGrace: 'In grace',
    /** "600.00 on 5 Oct 2026" */
    nextDue: (amount: string, day: string) => new RegExp(`${amount.replace('.', '\\.')} on ${day}`),
    fileClaim: 'File a claim',
    policyholder: 'Policyholder',
    yourPolicy: 'Your policy',
    eventDate: 'Date of the event',
    whatHappened: 'What happened',
    district: 'District',
    wallet: 'bKash or Nagad number',
    submit: 'File the claim',
    lapsedReason: (lapsedOn: string) => `The policy had lapsed on ${lapsedOn}: the premium due on`,
  },
  bn: {
    certificate: 'পলিসি সার্টিফিকেট',
    verify: 'সার্টিফিকেট যাচাই',
    lapsed: 'তামাদি',
    inGrace: 'গ্রেস পিরিয়ডে',
    nextDue: (amount: string, day: string) => new RegExp(`${day} তারিখে .*${bengaliDigits(amount).replace('.', '\\.')}`),
    fileClaim: 'দাবি করুন',
    policyholder: 'পলিসিধারী',
    yourPolicy: 'আপনার পলিসি',
    eventDate: 'ঘটনার তারিখ',
    whatHappened: 'কী হয়েছিল',
    district: 'জেলা',
    wallet: 'বিকাশ বা নগদ নম্বর',
    submit: 'দাবি জমা দিন',
    lapsedReason: (lapsedOn: string) => `পলিসিটি ${lapsedOn} তারিখে তামাদি হয়ে গিয়েছিল`,
  },
} as const;

/** A Dhaka day as the app writes it: "5 Oct 2026", "৫ অক্টো, ২০২৬". */
function shownDay(day: string, lang: Lang): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const months = {
    en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
    bn: ['জানু', 'ফেব', 'মার্চ', 'এপ্রি', 'মে', 'জুন', 'জুল', 'আগ', 'সেপ', 'অক্টো', 'নভে', 'ডিসে'],
  }[lang];
  return lang === 'bn' ? bengaliDigits(`${d} ${months[m - 1]}, ${y}`) : `${d} ${months[m - 1]} ${y}`;
}

/** A monthly policy of the demo user whose cover began `startedDaysAgo` days ago, nothing paid since. */
function policyInForce(title: string, startedDaysAgo: number, monthlyMinor: number) {
  const row = insertPolicyInForce(app.server, { title, startedDaysAgo, monthlyMinor });
  // The cover's first day, in Dhaka, as the server counts it from the same moment.
  return { id: row.id as string, verifyCode: row.verify_code as string, startedOn: new Date(Date.parse(row.applied_at as string) + 6 * 3_600_000).toISOString().slice(0, 10) };
}

const prefix = (lang: Lang) => (lang === 'bn' ? '/bn' : '');
const claimsOn = (applicationId: string) => queryDb<{ n: number }>(app.server, 'SELECT COUNT(*) AS n FROM claims WHERE application_id = ?', applicationId)[0]?.n;

describe.each(['en', 'bn'] as const)('the truth about a policy at 360x740 (%s)', (lang) => {
  const w = words[lang];

  it('the certificates of a lapsed policy and of one in grace say the state and the next due; the public check says the state', async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    // Lapsed: the first due 55 days ago went unpaid past its 30 days of grace (the demo's lapsed policy).
    const lapsed = policyInForce(`Truth Lapsed ${lang} ${tag}`, 55, 60_000);
    // In grace: the first due 20 days ago is unpaid; 10 days of grace are left (the demo's in-grace policy).
    const inGrace = policyInForce(`Truth Grace ${lang} ${tag}`, 20, 45_000);
    const context = await newContext(app.browser, phone(lang));
    const page = await context.newPage();
    await loginInLanguage(page, app.server, 'user', lang, '/dashboard/myApplication');

    await page.goto(`${app.server.url}${prefix(lang)}/dashboard/certificates/${lapsed.id}`);
    await page.getByRole('heading', { level: 1, name: w.certificate }).waitFor();
    const state = page.getByTestId('certificate-state');
    await state.locator('.badge').getByText(w.lapsed, { exact: true }).waitFor({ timeout: 30_000 });
    // The day it lapsed: the day after the 30 days of grace of the first due.
    const lapsedOn = new Date(Date.parse(`${lapsed.startedOn}T00:00:00Z`) + 31 * dayMs).toISOString().slice(0, 10);
    await state.getByText(shownDay(lapsedOn, lang), { exact: false }).waitFor();
    const nextDue = page.getByTestId('certificate-next-due');
    await expect.poll(() => nextDue.textContent()).toMatch(w.nextDue('600.00', shownDay(lapsed.startedOn, lang)));
    await expectFullyOnScreen(page, state, 'the policy state');
    await expectNothingOverflows(page, `lapsed certificate (${lang})`);
    await expectNoAxeViolations(page, `lapsed certificate (${lang})`);

    await page.goto(`${app.server.url}${prefix(lang)}/dashboard/certificates/${inGrace.id}`);
    await page.getByTestId('certificate-state').locator('.badge').getByText(w.inGrace, { exact: true }).waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('certificate-next-due').textContent()).toMatch(w.nextDue('450.00', shownDay(inGrace.startedOn, lang)));
    await expectNothingOverflows(page, `in-grace certificate (${lang})`);

    await page.goto(`${app.server.url}${prefix(lang)}/verify/${lapsed.verifyCode}`);
    await page.getByRole('heading', { level: 1, name: w.verify }).waitFor();
    await expect.poll(() => page.getByTestId('verify-state').locator('dd').textContent(), { timeout: 30_000 }).toBe(w.lapsed);
    await expectNothingOverflows(page, `certificate check (${lang})`);
    await context.close();
  });

  it('a claim for an event after the lapse is refused with the reason on the screen', async () => {
    const tag = crypto.randomUUID().slice(0, 6);
    const title = `Truth Claim ${lang} ${tag}`;
    const lapsed = policyInForce(title, 55, 60_000);
    const lapsedOn = new Date(Date.parse(`${lapsed.startedOn}T00:00:00Z`) + 31 * dayMs).toISOString().slice(0, 10);
    const context = await newContext(app.browser, phone(lang));
    const page = await context.newPage();
    await loginInLanguage(page, app.server, 'user', lang, '/dashboard/claims/new');
    await page.getByRole('heading', { level: 1, name: w.fileClaim }).waitFor();
    await page.getByRole('radio', { name: w.policyholder, exact: true }).check();
    // The person's own policies come from the device's copy: the new one once it has arrived.
    const policy = page.getByLabel(w.yourPolicy, { exact: true });
    await expect.poll(async () => (await policy.locator('option').allTextContents()).some((text) => text.startsWith(title)), { timeout: 30_000 }).toBe(true);
    await policy.selectOption({ value: lapsed.id });
    await page.getByLabel(w.eventDate, { exact: true }).fill(dhakaDay(0));
    await page.getByLabel(w.whatHappened, { exact: true }).fill('Two nights in hospital with a fever.');
    await page.getByLabel(w.district, { exact: true }).selectOption('Dhaka');
    await page.getByLabel(w.wallet, { exact: true }).fill('01712345678');
    const submit = page.getByRole('button', { name: w.submit });
    await expectFullyOnScreen(page, submit, 'File the claim');
    await submit.click();

    // The reason, beside the date and in the form's message, in the page's language; nothing filed.
    const reason = page.locator('.field__error').filter({ hasText: w.lapsedReason(lang === 'bn' ? shownDay(lapsedOn, lang) : lapsedOn) });
    await reason.waitFor({ timeout: 30_000 });
    await expectFullyOnScreen(page, reason, 'the reason');
    expect(await page.getByLabel(w.eventDate, { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await expectNothingOverflows(page, `refused claim (${lang})`);
    expect(claimsOn(lapsed.id)).toBe(0);
    await context.close();
  });
});
