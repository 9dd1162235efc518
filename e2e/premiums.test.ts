/**
 * Premiums after the sale (issue 49), at 360x740 in English and in Bangla: a customer pays two
 * dues by the demo mode and sees the receipt listing them; a field agent records a cash
 * collection offline, goes online, and the customer's screen shows it paid; a lapsed policy is
 * revived by paying its arrears. What must be tapped is checked to be on the screen.
 */
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.ts';
import { newContext, type Page } from './support/browser.ts';
import { expectFullyOnScreen, expectNothingOverflows } from './support/fits.ts';
import { insertPolicyInForce } from './support/dashboard-data.ts';
import { loginInLanguage, queryDb } from './support/login.ts';
import { offlineJourney, readOutbox, waitForLocalCopy, waitForRoleScreens, waitForServiceWorker } from './support/offline.ts';

const journey = offlineJourney();
type Lang = 'en' | 'bn';
const phone = (locale: Lang) => ({ width: 360, height: 740, locale: locale === 'bn' ? 'bn-BD' : 'en-IN' });

const words = {
  en: {
    premiums: 'Premiums',
    inGrace: 'In grace',
    inForce: 'In force',
    lapsed: 'Lapsed',
    premiumPaid: 'Premium paid',
    revived: 'This payment revived the policy',
    back: 'Back to the premiums',
    collections: 'Collections',
    receiptNumber: /^Receipt number (FC-\d{8}-[A-Z0-9]{10})$/,
    payFor: (policy: string) => `Pay premium for ${policy}`,
    openPremiums: (policy: string) => `Premiums of ${policy}`,
    cardNumber: 'Card number',
    reviveHeading: 'Revive the policy',
  },
  bn: {
    premiums: 'প্রিমিয়াম',
    inGrace: 'গ্রেস পিরিয়ডে',
    inForce: 'চালু আছে',
    lapsed: 'তামাদি',
    premiumPaid: 'প্রিমিয়াম পরিশোধ হয়েছে',
    revived: 'এই পরিশোধে পলিসি আবার চালু হয়েছে',
    back: 'প্রিমিয়ামে ফিরে যান',
    collections: 'প্রিমিয়াম আদায়',
    receiptNumber: /^রসিদ নম্বর (FC-\d{8}-[A-Z0-9]{10})$/,
    payFor: (policy: string) => `${policy}-এর প্রিমিয়াম দিন`,
    openPremiums: (policy: string) => `${policy}-এর প্রিমিয়াম`,
    cardNumber: 'কার্ড নম্বর',
    reviveHeading: 'পলিসি আবার চালু করুন',
  },
} as const;

const prefix = (lang: Lang) => (lang === 'bn' ? '/bn' : '');

/** From My Policies to the policy's premiums page, by its own link. */
async function openPremiumsFromMyPolicies(page: Page, lang: Lang, title: string) {
  const w = words[lang];
  const link = page.getByRole('link', { name: new RegExp(`^(${escape(w.payFor(title))}|${escape(w.openPremiums(title))})$`) });
  await link.waitFor({ timeout: 30_000 });
  await expectFullyOnScreen(page, link, 'the premiums link');
  await link.click();
  await page.waitForURL((url) => url.pathname.startsWith(`${prefix(lang)}/dashboard/premiums/`));
  await page.getByRole('heading', { level: 1, name: w.premiums }).waitFor();
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The demo card form: pays what the page says, then the receipt. */
async function payByDemoCard(page: Page, lang: Lang) {
  const card = page.getByLabel(words[lang].cardNumber);
  await card.waitFor();
  await card.fill('4242 4242 4242 4242');
  const pay = page.locator('.payment__pay');
  await expectFullyOnScreen(page, pay, 'the Pay button');
  await pay.click();
  await page.getByRole('heading', { name: words[lang].premiumPaid }).waitFor({ timeout: 30_000 });
}

const receiptsOf = (applicationId: string) =>
  queryDb<{ receipt_number: string; due_ids: string; amount_minor: number; provider: string; revived: number }>(
    journey.server,
    'SELECT receipt_number, due_ids, amount_minor, provider, revived FROM premium_receipts WHERE application_id = ?',
    applicationId,
  );

describe.each(['en', 'bn'] as const)('premiums after the sale at 360x740 (%s)', (lang) => {
  const w = words[lang];

  it('a customer pays two dues by the demo mode and sees the receipt listing them', async () => {
    const title = `E2E Shield ${lang} ${crypto.randomUUID().slice(0, 6)}`;
    // In grace: the first due 20 days ago is unpaid; the second comes in about ten days.
    const applicationId = insertPolicyInForce(journey.server, { title, startedDaysAgo: 20 }).id;
    const context = await newContext(journey.browser, phone(lang));
    const page = await context.newPage();
    await loginInLanguage(page, journey.server, 'user', lang, '/dashboard/myApplication');
    await openPremiumsFromMyPolicies(page, lang, title);
    const summary = page.locator('.premiums__summary');
    await summary.getByText(w.inGrace, { exact: true }).waitFor();

    const boxes = page.locator('.premiums__pay input[type="checkbox"]');
    await expect.poll(() => boxes.count()).toBeGreaterThan(2);
    expect(await boxes.nth(0).isChecked()).toBe(true);
    expect(await boxes.nth(1).isChecked()).toBe(false);
    await expectFullyOnScreen(page, boxes.nth(1), 'the second due');
    await boxes.nth(1).check();
    const go = page.locator('.premiums__go');
    await expect.poll(() => go.textContent()).toMatch(/১,২০০\.০০|1,200\.00/);
    await expectNothingOverflows(page, `premiums (${lang})`);
    await expectNoAxeViolations(page, `premiums (${lang})`);
    await expectFullyOnScreen(page, go, 'Pay for the chosen dues');
    await go.click();

    await page.waitForURL((url) => url.pathname === `${prefix(lang)}/dashboard/payment/${applicationId}` && url.searchParams.get('dues')?.split(',').length === 2);
    await payByDemoCard(page, lang);
    await expect.poll(() => receiptsOf(applicationId).length).toBe(1);
    const [receipt] = receiptsOf(applicationId);
    expect(receipt).toMatchObject({ amount_minor: 120_000, provider: 'demo' });
    expect(JSON.parse(receipt!.due_ids)).toHaveLength(2);
    const shown = page.locator('.premiums__receipt');
    await shown.getByText(receipt!.receipt_number).waitFor();
    expect(await shown.locator('.premiums__covered li').count()).toBe(2);
    await expectNothingOverflows(page, `premium receipt (${lang})`);

    const back = page.getByRole('link', { name: w.back }).first();
    await expectFullyOnScreen(page, back, 'back to the premiums');
    await back.click();
    await summary.getByText(w.inForce, { exact: true }).waitFor();
    await page.locator('.premiums__receipts').getByText(receipt!.receipt_number).waitFor();
    await context.close();
  });

  it('an agent records a cash collection offline; online again, the customer sees it paid', async () => {
    const title = `E2E Field ${lang} ${crypto.randomUUID().slice(0, 6)}`;
    const applicationId = insertPolicyInForce(journey.server, { title, startedDaysAgo: 20, agent: 'agent@demo.local', monthlyMinor: 45_000 }).id;
    const [holder] = queryDb<{ name: string }>(journey.server, 'SELECT name FROM applications WHERE id = ?', applicationId);

    const agentContext = await newContext(journey.browser, phone(lang));
    const agent = await agentContext.newPage();
    await loginInLanguage(agent, journey.server, 'agent', lang, '/dashboard/collections');
    await waitForServiceWorker(agent);
    await waitForLocalCopy(agent);
    await waitForRoleScreens(agent);
    await agent.getByRole('heading', { level: 1, name: w.collections }).waitFor();
    const card = agent.locator('.collections__item').filter({ hasText: title });
    await card.waitFor({ timeout: 30_000 });

    // Offline, the screen opens again from the device.
    await agentContext.setOffline(true);
    await agent.reload();
    await agent.getByRole('heading', { level: 1, name: w.collections }).waitFor();
    await card.waitFor({ timeout: 30_000 });
    await expectNothingOverflows(agent, `collections offline (${lang})`);
    // The overdue due is chosen; the one coming in about ten days may be added.
    const dueBoxes = card.locator('input[type="checkbox"]');
    expect(await dueBoxes.count()).toBe(2);
    const record = card.getByRole('button');
    await expectFullyOnScreen(agent, record, 'Record the cash');
    await expect.poll(() => record.textContent()).toMatch(/৪৫০\.০০|450\.00/);
    await record.click();
    const receiptLine = agent.locator('.collections__receipt');
    await receiptLine.waitFor();
    const receiptNumber = w.receiptNumber.exec((await receiptLine.textContent()) ?? '')?.[1];
    expect(receiptNumber).toBeTruthy();
    await expectFullyOnScreen(agent, receiptLine, 'the receipt number', { scroll: false });
    await expect.poll(async () => (await readOutbox(agent)).filter((item) => item.type === 'premium.collect' && item.state === 'queued').length).toBe(1);
    expect(receiptsOf(applicationId)).toHaveLength(0);
    // Collected on this phone: off the list at once; the next due stays to collect.
    await expect.poll(() => dueBoxes.count()).toBe(1);

    await agentContext.setOffline(false);
    await expect.poll(() => receiptsOf(applicationId).map((receipt) => receipt.receipt_number), { timeout: 30_000 }).toEqual([receiptNumber]);
    expect(receiptsOf(applicationId)[0]).toMatchObject({ provider: 'field', amount_minor: 45_000 });
    await agentContext.close();

    const customerContext = await newContext(journey.browser, phone(lang));
    const customer = await customerContext.newPage();
    await loginInLanguage(customer, journey.server, 'user', lang, '/dashboard/myApplication');
    await openPremiumsFromMyPolicies(customer, lang, title);
    await customer.locator('.premiums__summary').getByText(w.inForce, { exact: true }).waitFor();
    const receipt = customer.locator('.premiums__receipt').filter({ hasText: receiptNumber! });
    await receipt.waitFor();
    await receipt.getByText(/agent@demo\.local/).waitFor();
    expect(holder).toBeTruthy();
    await customerContext.close();
  });

  it('a lapsed policy is revived by paying every due in arrears', async () => {
    const title = `E2E Revive ${lang} ${crypto.randomUUID().slice(0, 6)}`;
    // The first due 70 days ago went unpaid past its 30 days of grace: lapsed, with three dues in arrears.
    const applicationId = insertPolicyInForce(journey.server, { title, startedDaysAgo: 70, monthlyMinor: 30_000 }).id;
    const context = await newContext(journey.browser, phone(lang));
    const page = await context.newPage();
    await loginInLanguage(page, journey.server, 'user', lang, '/dashboard/myApplication');
    await openPremiumsFromMyPolicies(page, lang, title);
    await page.locator('.premiums__summary').getByText(w.lapsed, { exact: true }).waitFor();
    await page.getByRole('heading', { name: w.reviveHeading }).waitFor();
    const boxes = page.locator('.premiums__pay input[type="checkbox"]');
    await expect.poll(() => boxes.count()).toBeGreaterThan(3);
    // Every due in arrears is chosen and stays chosen.
    for (const index of [0, 1, 2]) {
      expect(await boxes.nth(index).isChecked()).toBe(true);
      expect(await boxes.nth(index).isDisabled()).toBe(true);
    }
    expect(await boxes.nth(3).isChecked()).toBe(false);
    await expectNothingOverflows(page, `revival (${lang})`);
    await expectNoAxeViolations(page, `revival (${lang})`);
    const go = page.locator('.premiums__go');
    await expect.poll(() => go.textContent()).toMatch(/৯০০\.০০|900\.00/);
    await expectFullyOnScreen(page, go, 'Pay and revive');
    await go.click();
    await payByDemoCard(page, lang);
    await expect.poll(() => receiptsOf(applicationId).length).toBe(1);
    expect(receiptsOf(applicationId)[0]).toMatchObject({ amount_minor: 90_000, revived: 1 });
    await page.getByText(w.revived).waitFor();
    await page.getByRole('link', { name: w.back }).first().click();
    await page.locator('.premiums__summary').getByText(w.inForce, { exact: true }).waitFor();
    const audit = queryDb<{ n: number }>(journey.server, "SELECT COUNT(*) AS n FROM audit_log WHERE action = 'policy.revive' AND entity_id = ?", applicationId);
    expect(audit[0]?.n).toBe(1);
    await context.close();
  });
});
