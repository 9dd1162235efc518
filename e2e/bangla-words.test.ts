/**
 * Issue 48 at 360x740 with the locale bn-BD: no English on the Bangla screens people read daily.
 * - Times say the part of the day in Bangla (ভোর, সকাল, দুপুর, বিকাল, সন্ধ্যা, রাত), never
 *   "AM"/"PM": the receipt, the profile, a claim's history, the support inbox.
 * - The admin's transactions chart table: day first with the month's name in Bangla
 *   ("২৮ নভে, ২০২৬", not "১১/২৮/২০২৬"), the spec's MM/dd/yyyy in English.
 * - The agent dashboard's welcome and counts, the newsletter's thanks and the payout form's
 *   amount are Bangla (digits included); no sentence of English is left on these screens.
 * - A Bengali name takes its genitive joined ("করিম মিয়ার", not "করিম মিয়া-এর").
 */
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { newContext, type Page } from './support/browser.ts';
import { apiAs, loginAs, queryDb, writeDb, type DemoRole } from './support/login.ts';

// The full demo: claims in every state, payments over the last month.
const app = useAppAndBrowser({ seed: 'full' });
const bangla = { width: 360, height: 740, locale: 'bn-BD', timezoneId: 'Asia/Dhaka' };

const dayPeriod = '(?:ভোর|সকাল|দুপুর|বিকাল|সন্ধ্যা|রাত)';
/** A Bangla date and time as formatDateTime writes it: "২৮ নভে, ২০২৬, বিকাল ৩:০৪". */
const banglaDateTime = new RegExp(`[০-৯]{1,2} [^\\s,]+, [০-৯]{4}, ${dayPeriod} [০-৯]{1,2}:[০-৯]{2}`);
const amPm = /\b(?:AM|PM|am|pm|a\.m\.|p\.m\.)\b/;

/**
 * Sentences of English: four or more Latin words in a row ending in ".", "!" or "?". Names,
 * emails and codes (two or three words, no full stop) are not sentences.
 */
const latinSentences = (text: string) => text.match(/[A-Za-z]+(?:[ ,'’-]+[A-Za-z]+){3,}[.!?](?=\s|$)/g) ?? [];

async function signedIn(role: DemoRole): Promise<Page> {
  const page = await (await newContext(app.browser, bangla)).newPage();
  await loginAs(page, app.server, role, '/dashboard');
  return page;
}

async function openBangla(page: Page, path: string, heading: string | RegExp) {
  await page.goto(`${app.server.url}/bn${path}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
}

const mainText = (page: Page) => page.locator('main').innerText();

/** What people wrote themselves (a claim's notes) is shown as they wrote it, in any language. */
const peoplesOwnWords = '.claim__step-text';

async function expectNoEnglishSentence(page: Page, screen: string) {
  const text = await page.locator('main').evaluate((main, skip) => {
    const copy = main.cloneNode(true) as HTMLElement;
    for (const own of copy.querySelectorAll(skip)) own.remove();
    return copy.textContent ?? '';
  }, peoplesOwnWords);
  expect(latinSentences(text), `${screen}: English sentences`).toEqual([]);
}

/** An unpaid application of the demo customer for the first catalogue policy, paid through the API in the demo mode. */
async function paidApplicationOfDemoUser(): Promise<string> {
  const [user] = queryDb<{ id: string; email: string; name: string }>(app.server, "SELECT id, email, name FROM users WHERE email = 'user@demo.local'");
  const [policy] = queryDb<{ id: string; title: string }>(app.server, 'SELECT id, title FROM policies ORDER BY id LIMIT 1');
  const id = `e2e-words-${crypto.randomUUID()}`;
  writeDb(
    app.server,
    `INSERT INTO applications (id, user_id, user_email, name, address, nid, nominee_name, relationship, policy_id, policy_name, estimated_premium, applied_at)
     VALUES (?, ?, ?, ?, 'House 12, Road 5, Dhaka', '1990123456789', 'Karima Begum', 'Spouse', ?, ?, 125050, ?)`,
    id, user!.id, user!.email, user!.name, policy!.id, policy!.title, new Date().toISOString(),
  );
  const customer = await apiAs(app.server, 'user');
  const intent = await customer.json<{ paymentIntentId: string }>('/api/create-payment-intent', { method: 'POST', body: JSON.stringify({ applicationId: id }) });
  await customer.json('/api/payments/demo/confirm', { method: 'POST', body: JSON.stringify({ paymentIntentId: intent.paymentIntentId, cardNumber: '4242 4242 4242 4242' }) });
  await customer.json('/api/payments/save', { method: 'POST', body: JSON.stringify({ applicationId: id, transactionId: intent.paymentIntentId }) });
  return id;
}

describe('times in Bangla', () => {
  it('say the part of the day and never AM/PM on the receipt, the profile and a claim’s history', async () => {
    const applicationId = await paidApplicationOfDemoUser();
    const [claim] = queryDb<{ id: string }>(app.server, "SELECT id FROM claims WHERE claimant_email = 'user@demo.local' AND status = 'paid' LIMIT 1");
    expect(claim, 'the full demo has a paid claim of the demo customer').toBeDefined();
    const page = await signedIn('user');
    for (const [path, heading] of [
      [`/dashboard/receipts/${applicationId}`, 'পেমেন্টের রসিদ'],
      ['/dashboard/profile', 'আমার প্রোফাইল'],
      [`/dashboard/claims/${claim!.id}`, /./],
    ] as const) {
      await openBangla(page, path, heading);
      await expect.poll(() => mainText(page), { message: `${path}: a Bangla time` }).toMatch(banglaDateTime);
      expect(await mainText(page), `${path}: AM/PM`).not.toMatch(amPm);
      await expectNoEnglishSentence(page, path);
    }
  });

  it('say the part of the day in the support inbox', async () => {
    await fetch(`${app.server.url}/api/support`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.server.url },
      body: JSON.stringify({ name: 'রহিমা খাতুন', email: 'rahima@example.com', message: 'আমার প্রিমিয়ামের রসিদ কোথায় পাব?' }),
    }).then((answer) => expect(answer.status).toBeLessThan(300));
    const page = await signedIn('admin');
    await openBangla(page, '/dashboard/supportInbox', 'সাপোর্ট ইনবক্স');
    const row = page.getByRole('row').filter({ hasText: 'আমার প্রিমিয়ামের রসিদ কোথায় পাব?' });
    await row.waitFor();
    expect(await row.innerText()).toMatch(banglaDateTime);
    expect(await mainText(page)).not.toMatch(amPm);
    await expectNoEnglishSentence(page, 'the support inbox');
  });
});

describe('the admin’s transactions chart', () => {
  it('writes days day first with the month’s name in Bangla and MM/dd/yyyy in English', async () => {
    const page = await signedIn('admin');
    const perDay = page.locator('.income-chart__table tbody tr td:first-child');
    await openBangla(page, '/dashboard/adminTransactions', 'লেনদেন ড্যাশবোর্ড');
    await expect.poll(() => perDay.count()).toBeGreaterThan(5);
    const banglaDays = await perDay.allInnerTexts();
    for (const day of banglaDays) expect(day, 'a Bangla day').toMatch(/^[০-৯]{1,2} [^\s,/]+, [০-৯]{4}$/);
    await expectNoEnglishSentence(page, 'transactions (bn)');

    await page.goto(`${app.server.url}/dashboard/adminTransactions`);
    await page.getByRole('heading', { level: 1, name: 'Transaction Dashboard' }).waitFor();
    await expect.poll(() => perDay.count()).toBeGreaterThan(5);
    for (const day of await perDay.allInnerTexts()) expect(day, 'an English day').toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });
});

describe('no English left', () => {
  it('welcomes the agent in Bangla, with the counts in Bengali digits', async () => {
    const page = await signedIn('agent');
    await openBangla(page, '/dashboard', 'এজেন্ট ড্যাশবোর্ড');
    const [agent] = queryDb<{ name: string }>(app.server, "SELECT name FROM users WHERE email = 'agent@demo.local'");
    await page.getByText(`স্বাগতম, ${agent!.name}।`, { exact: false }).waitFor();
    const values = page.locator('.stat-card__value');
    await expect.poll(() => values.count()).toBe(6);
    for (const value of await values.allInnerTexts()) expect(value).toMatch(/^[০-৯]+$/);
    expect(await mainText(page)).not.toContain('Welcome');
    await expectNoEnglishSentence(page, 'the agent dashboard');
  });

  it('thanks a newsletter subscriber in Bangla', async () => {
    const page = await (await newContext(app.browser, bangla)).newPage();
    await page.goto(`${app.server.url}/bn`);
    await page.getByLabel('নাম').fill('সালমা বেগম');
    await page.getByLabel('ইমেইল').fill(`salma-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'সাবস্ক্রাইব করুন' }).click();
    const outcome = page.locator('.newsletter__outcome');
    await outcome.getByText('সাবস্ক্রাইব করার জন্য ধন্যবাদ!').waitFor();
    expect(latinSentences(await outcome.innerText())).toEqual([]);
  });

  it('prefills the payout amount in Bengali digits', async () => {
    const [claim] = queryDb<{ id: string; approved_poisha: number }>(app.server, "SELECT id, approved_poisha FROM claims WHERE status = 'approved' LIMIT 1");
    expect(claim, 'the full demo has an approved claim').toBeDefined();
    const page = await signedIn('admin');
    await openBangla(page, `/dashboard/claims/${claim!.id}`, /./);
    const amount = page.getByLabel('পরিশোধিত অঙ্ক, টাকায়');
    await amount.waitFor();
    const taka = new Intl.NumberFormat('bn-BD', { maximumFractionDigits: 2 }).format(claim!.approved_poisha / 100);
    expect(await amount.inputValue()).toBe(taka);
    expect(await amount.inputValue()).not.toMatch(/[0-9]/);
    await expectNoEnglishSentence(page, 'the claim page (admin)');
  });

  it('joins the genitive to a Bengali name', async () => {
    const [user] = queryDb<{ id: string; email: string }>(app.server, "SELECT id, email FROM users WHERE email = 'user@demo.local'");
    const id = `e2e-genitive-${crypto.randomUUID()}`;
    writeDb(
      app.server,
      `INSERT INTO applications (id, user_id, user_email, name, address, nid, nominee_name, relationship, policy_name, estimated_premium, applied_at)
       VALUES (?, ?, ?, 'করিম মিয়া', 'বাড়ি ১২, ঢাকা', '1990123456789', 'করিমা খাতুন', 'Spouse', 'Genitive Check Plan', 5000, ?)`,
      id, user!.id, user!.email, new Date().toISOString(),
    );
    const page = await signedIn('admin');
    await openBangla(page, '/dashboard/manageApplications', /./);
    await page.getByRole('button', { name: 'করিম মিয়ার আবেদন বাতিল করুন' }).first().waitFor();
    expect(await page.getByRole('button', { name: /মিয়া-এর/ }).count()).toBe(0);
  });
});
