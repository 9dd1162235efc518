/**
 * Issue 48 on a Bangla phone (360x740, locale bn-BD): paying by bKash from the Bangla payment
 * page comes back to it in Bangla, confirmed, with no red error and nothing to pay again, and a
 * cancelled payment comes back in Bangla too; a Bangla address opens in Bangla after the device
 * chose English; a refunded application says "refunded" right after the reject, and the admin's
 * income is net of refunds, said in its label, with the refunds beside it; a new account made on
 * /bn is Bangla and is welcomed with the next step.
 */
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from './support/axe.ts';
import { newContext, type BrowserContext, type Page } from './support/browser.ts';
import { expectFullyOnScreen, expectNothingOverflows } from './support/fits.ts';
import { apiAs, demoEmail, demoPassword, queryDb, writeDb, type DemoRole } from './support/login.ts';
import { waitForServiceWorker } from './support/page-state.ts';
import { useAppWithSslcommerz } from './support/sslcommerz-app.ts';

const { app, gatewayOrigin } = useAppWithSslcommerz();

const banglaPhone = { width: 360, height: 740, locale: 'bn-BD' };
const asciiDigits = (text: string) => text.replace(/[০-৯]/g, (d) => String('০১২৩৪৫৬৭৮৯'.indexOf(d)));
/** '৳১,২৩৪.৫০' -> 123450 poisha. */
const poishaOf = (text: string) => Math.round(Number(asciiDigits(text).replace(/[৳,\s]/g, '')) * 100);

/** A context that notes the address each page hydrates at (main.tsx announces it): a page reopened in another language hydrates elsewhere. */
async function banglaContext(): Promise<BrowserContext> {
  const context = await newContext(app.browser, banglaPhone);
  await context.addInitScript(() => {
    document.addEventListener('app:hydrating', () => {
      (window as unknown as { hydratedAt?: string }).hydratedAt = location.pathname;
    });
  });
  return context;
}

/** Signs in on the Bangla login page, as a Bangla customer does: the account's language becomes Bangla. */
async function signInOnBangla(page: Page, role: DemoRole, target: string) {
  await page.goto(`${app.server.url}/bn/login`);
  await page.getByRole('heading', { level: 1, name: 'লগইন' }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.getByLabel('ইমেইল', { exact: true }).fill(demoEmail(role));
  await page.getByLabel('পাসওয়ার্ড', { exact: true }).fill(demoPassword);
  await page.getByRole('button', { name: 'লগইন', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/bn/login', { timeout: 30_000 });
  expect(new URL(page.url()).pathname.startsWith('/bn')).toBe(true);
  await page.goto(`${app.server.url}/bn${target}`);
}

function unpaidApplication(name = 'রহিমা খাতুন'): string {
  const [user] = queryDb<{ id: string; email: string }>(app.server, "SELECT id, email FROM users WHERE email = 'user@demo.local'");
  const id = `e2e-bangla-money-${crypto.randomUUID()}`;
  writeDb(
    app.server,
    `INSERT INTO applications (id, user_id, user_email, name, address, nid, nominee_name, relationship, policy_name, applied_at)
     VALUES (?, ?, ?, ?, 'বাড়ি ১২, রোড ৫, ঢাকা', '1990123456789', 'করিম উদ্দিন', 'Spouse', 'E2E Wallet Cover', ?)`,
    id, user!.id, user!.email, name, new Date().toISOString(),
  );
  return id;
}

const paymentStatus = (id: string) => queryDb<{ payment_status: string }>(app.server, 'SELECT payment_status FROM applications WHERE id = ?', id)[0]?.payment_status;
const pageLanguage = (page: Page) => page.evaluate(() => document.documentElement.lang);
/** Any error the payment page could show: a red message, an error state, an alert. */
const errorsShown = (page: Page) => page.locator('.form-message--error, .state--error, [role="alert"]').count();

describe('paying by bKash from the Bangla payment page', () => {
  it('comes back in Bangla, confirmed, with no error and nothing to pay again; the account is Bangla', async () => {
    const id = unpaidApplication();
    const context = await banglaContext();
    const page = await context.newPage();
    await signInOnBangla(page, 'user', `/dashboard/payment/${id}`);
    // Signed in on /bn: the account's language is Bangla, so what the server makes for them is too.
    expect(queryDb<{ language: string | null }>(app.server, "SELECT language FROM users WHERE email = 'user@demo.local'")[0]?.language).toBe('bn');

    const bkash = page.getByRole('button', { name: /^বিকাশ দিয়ে ৳৫০\.০০ পরিশোধ করুন$/ });
    await bkash.waitFor();
    await expectFullyOnScreen(page, bkash, 'the bKash button');
    await bkash.click();
    await page.waitForURL((url) => url.origin === gatewayOrigin());
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.getByRole('button', { name: 'Return to merchant' }).click();

    await page.waitForURL((url) => url.pathname === `/bn/dashboard/payment/${id}` && url.searchParams.get('result') === 'paid');
    // The page settles on "paid" (from the server's own refusal of a new intent, or the device's copy).
    await page.getByRole('heading', { level: 2, name: 'আপনার পেমেন্ট নিশ্চিত হয়েছে।' }).waitFor({ timeout: 30_000 });
    expect(await pageLanguage(page)).toBe('bn');
    expect(paymentStatus(id)).toBe('paid');
    expect(await errorsShown(page)).toBe(0);
    expect(await page.getByText('This application has already been paid.').count()).toBe(0);
    // Nothing offers to pay again: no gateway button, no card form.
    expect(await page.getByRole('button', { name: /পরিশোধ করুন/ }).count()).toBe(0);
    expect(await page.locator('.payment__gateway, form').count()).toBe(0);
    await expectNothingOverflows(page, 'Payment confirmed (bn)');
    await expectNoAxeViolations(page, 'Payment confirmed (bn)');

    const receipt = page.getByRole('link', { name: 'রসিদ দেখুন' });
    await expectFullyOnScreen(page, receipt, 'the receipt link');
    await receipt.click();
    await page.getByRole('heading', { name: 'পেমেন্টের রসিদ' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/bn/dashboard/receipts/${id}`);
    await page.getByText('বিকাশ', { exact: true }).waitFor();

    // Opened again later (the device's copy now says paid): still no offer to pay and no error.
    await page.goto(`${app.server.url}/bn/dashboard/payment/${id}`);
    await page.getByRole('heading', { level: 2, name: 'এই আবেদনের টাকা পরিশোধ করা হয়েছে। আর কিছু দিতে হবে না।' }).waitFor({ timeout: 30_000 });
    expect(await errorsShown(page)).toBe(0);
    expect(await page.getByRole('button', { name: /পরিশোধ করুন/ }).count()).toBe(0);
    await context.close();
  });

  it('cancelled at the gateway, comes back in Bangla, says so plainly and leaves it unpaid', async () => {
    const id = unpaidApplication();
    const context = await banglaContext();
    const page = await context.newPage();
    await signInOnBangla(page, 'user', `/dashboard/payment/${id}`);
    await page.getByRole('button', { name: /^নগদ দিয়ে ৳৫০\.০০ পরিশোধ করুন$/ }).click();
    await page.waitForURL((url) => url.origin === gatewayOrigin());
    await page.getByRole('button', { name: 'Cancel payment' }).click();
    await page.getByRole('button', { name: 'Return to merchant' }).click();

    await page.waitForURL((url) => url.pathname === `/bn/dashboard/payment/${id}` && url.searchParams.get('result') === 'cancelled');
    await page.getByText('আপনি পেমেন্ট বাতিল করেছেন।', { exact: false }).waitFor();
    // Once the page is ready to pay again (it is unpaid), nothing on it is an error.
    await page.getByRole('button', { name: /^নগদ দিয়ে ৳৫০\.০০ পরিশোধ করুন$/ }).waitFor();
    expect(await pageLanguage(page)).toBe('bn');
    expect(await errorsShown(page)).toBe(0);
    expect(paymentStatus(id)).toBe('unpaid');
    await context.close();
  });
});

describe('an address that names its language', () => {
  it('a Bangla link opens in Bangla after the device chose English; / follows the choice', async () => {
    const context = await banglaContext();
    const page = await context.newPage();
    await page.goto(`${app.server.url}/bn`);
    await page.getByRole('heading', { name: 'জনপ্রিয় পলিসি' }).waitFor();
    await page.getByRole('link', { name: 'English', exact: true }).first().click();
    await page.getByRole('heading', { name: 'Popular Policies' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('lifesure.language'))).toBe('en');
    // The service worker answers the next navigations too.
    await waitForServiceWorker(page);

    for (const path of ['/bn', '/bn/all-policies']) {
      await page.goto(`${app.server.url}${path}`);
      await page.waitForFunction(() => (window as unknown as { hydratedAt?: string }).hydratedAt !== undefined, undefined, { timeout: 30_000 });
      expect(await page.evaluate(() => (window as unknown as { hydratedAt?: string }).hydratedAt), path).toBe(path);
      expect(new URL(page.url()).pathname, path).toBe(path);
      expect(await pageLanguage(page), path).toBe('bn');
    }
    await page.getByRole('heading', { level: 1, name: 'সকল পলিসি' }).waitFor();

    // A Bangla policy page, opened from its address (a relative's link): Bangla.
    const policyPath = new URL((await page.locator('.card a[href^="/bn/policies/"]').first().getAttribute('href'))!, app.server.url).pathname;
    await page.goto(`${app.server.url}${policyPath}`);
    await page.waitForFunction(() => (window as unknown as { hydratedAt?: string }).hydratedAt !== undefined, undefined, { timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { hydratedAt?: string }).hydratedAt)).toBe(policyPath);
    await page.getByText('বিমার অঙ্ক', { exact: true }).waitFor();
    expect(await pageLanguage(page)).toBe('bn');
    await expectNothingOverflows(page, 'Policy (bn) after choosing English');

    // The choice itself is unchanged, and decides the address that names no language.
    expect(await page.evaluate(() => localStorage.getItem('lifesure.language'))).toBe('en');
    await page.goto(`${app.server.url}/`);
    await page.waitForFunction(() => (window as unknown as { hydratedAt?: string }).hydratedAt !== undefined, undefined, { timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await pageLanguage(page)).toBe('en');
    await context.close();
  });
});

describe('refunds shown as refunds', () => {
  it('the rejected paid application shows refunded at once, and the income is net of refunds', async () => {
    const name = `ফেরত পরীক্ষা ${Date.now()}`;
    const id = unpaidApplication(name);
    // Paid by the customer (the demo card), through the API as the payment page does it.
    const customer = await apiAs(app.server, 'user');
    const intent = await customer.json<{ paymentIntentId: string }>('/api/create-payment-intent', { method: 'POST', body: JSON.stringify({ applicationId: id }) });
    await customer.json('/api/payments/demo/confirm', { method: 'POST', body: JSON.stringify({ paymentIntentId: intent.paymentIntentId, cardNumber: '4242 4242 4242 4242' }) });
    await customer.json('/api/payments/save', { method: 'POST', body: JSON.stringify({ applicationId: id, transactionId: intent.paymentIntentId }) });
    expect(paymentStatus(id)).toBe('paid');

    const context = await banglaContext();
    const page = await context.newPage();
    await signInOnBangla(page, 'admin', '/dashboard/manageApplications');
    await page.getByPlaceholder('আবেদনকারী, ইমেইল বা পলিসি').fill(name);
    const row = page.locator('tbody').getByRole('row').filter({ hasText: name });
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    await row.getByText('পরিশোধিত', { exact: true }).waitFor();
    const reject = row.locator('button.button--danger');
    await expectFullyOnScreen(page, reject, 'Reject');
    await reject.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('বাতিলের কারণ').selectOption('documents');
    await dialog.getByRole('button', { name: /^হ্যাঁ/ }).click();
    // Right after the reject, without a reload: refunded, not paid and not "unpaid".
    await row.getByText('টাকা ফেরত দেওয়া হয়েছে', { exact: true }).waitFor({ timeout: 20_000 });
    expect(await row.getByText('পরিশোধিত', { exact: true }).count()).toBe(0);
    expect(await row.getByText('অপরিশোধিত', { exact: true }).count()).toBe(0);

    // The admin's income: net of refunds, said in the label, with the refunds beside it.
    await page.goto(`${app.server.url}/bn/dashboard/adminTransactions`);
    const card = (label: string | RegExp) => page.getByRole('listitem').filter({ hasText: label }).locator('.stat-card__value');
    const [sums] = queryDb<{ kept: number; given: number; givenCount: number }>(
      app.server,
      `SELECT coalesce(sum(CASE WHEN refunded_at IS NULL THEN amount_minor END), 0) AS kept,
              coalesce(sum(CASE WHEN refunded_at IS NULL THEN 0 ELSE amount_minor END), 0) AS given,
              sum(CASE WHEN refunded_at IS NULL THEN 0 ELSE 1 END) AS givenCount FROM payments`,
    );
    expect(sums!.given).toBeGreaterThanOrEqual(5000);
    await expect.poll(async () => poishaOf(await card('মোট আয় (ফেরত দেওয়া টাকা বাদে)').innerText()), { timeout: 20_000 }).toBe(sums!.kept);
    const refundedCard = page.getByRole('listitem').filter({ hasText: /^ফেরত দেওয়া হয়েছে \([০-৯]+টি\)/ });
    expect(asciiDigits(await refundedCard.innerText())).toContain(`(${sums!.givenCount}টি)`);
    expect(poishaOf(await refundedCard.locator('.stat-card__value').innerText())).toBe(sums!.given);
    await expectNothingOverflows(page, 'Transactions (bn)');
    await context.close();

    // The customer's own view of it says refunded too.
    const own = await (await banglaContext()).newPage();
    await signInOnBangla(own, 'user', `/dashboard/applications/${id}`);
    await own.getByText('টাকা ফেরত দেওয়া হয়েছে', { exact: true }).first().waitFor({ timeout: 30_000 });
    expect(await own.getByText('অপরিশোধিত', { exact: true }).count()).toBe(0);
    await own.context().close();
  });
});

describe('signing up on the Bangla page', () => {
  it('makes a Bangla account and welcomes it with the next step, in Bangla', async () => {
    const email = `nasrin-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const page = await (await banglaContext()).newPage();
    await page.goto(`${app.server.url}/bn/register`);
    await page.getByRole('heading', { level: 1, name: 'নিবন্ধন' }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.getByLabel('নাম', { exact: true }).fill('নাসরিন আক্তার');
    await page.getByLabel('ইমেইল', { exact: true }).fill(email);
    await page.getByLabel('পাসওয়ার্ড', { exact: true }).fill('secret-pass');
    await page.getByRole('button', { name: 'নিবন্ধন করুন', exact: true }).click();

    await page.waitForURL((url) => url.pathname === '/bn/dashboard', { timeout: 30_000 });
    const welcome = page.getByRole('region', { name: 'লাইফশিওরে স্বাগতম, নাসরিন আক্তার!' });
    await welcome.waitFor({ timeout: 30_000 });
    await welcome.getByText('এবার পরের ধাপ: একটি পলিসি বেছে নিন', { exact: false }).waitFor();
    const next = welcome.getByRole('link', { name: 'সকল পলিসি' });
    await expectFullyOnScreen(page, next, 'the next step');
    await expectNothingOverflows(page, 'Welcome (bn)');
    await expectNoAxeViolations(page, 'Welcome (bn)');
    expect(queryDb<{ language: string | null }>(app.server, 'SELECT language FROM users WHERE email = ?', email)[0]?.language).toBe('bn');

    await next.click();
    await page.getByRole('heading', { level: 1, name: 'সকল পলিসি' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/bn/all-policies');
    await page.context().close();
  });
});
