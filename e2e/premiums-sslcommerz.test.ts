/**
 * Paying two premium dues by bKash through SSLCommerz (issue 49) at 360x740 in Bangla: the
 * premiums page offers bKash next to the card way, sends the person to the gateway (a local
 * stand-in of the sandbox's checkout, which also sends the IPN) for the server's sum of the two
 * dues, and they come back to the Bangla premiums page saying it went through, with the receipt
 * listing both dues. What must be tapped is checked to be on the screen.
 */
import { describe, expect, it } from 'vitest';
import { applicationRow, policyRow } from '../edge-api/src/seed/factories.ts';
import { newContext, type Page } from './support/browser.ts';
import { expectFullyOnScreen, expectNothingOverflows } from './support/fits.ts';
import { loginAs, queryDb, writeDb } from './support/login.ts';
import { useAppWithSslcommerz } from './support/sslcommerz-app.ts';

const { app, gatewayOrigin } = useAppWithSslcommerz();
const dayMs = 86_400_000;

function insertRow(table: string, row: Record<string, unknown>) {
  const columns = Object.keys(row).filter((key) => row[key] !== undefined);
  writeDb(app.server, `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`, ...columns.map((key) => {
    const value = row[key];
    return typeof value === 'object' && value !== null ? JSON.stringify(value) : typeof value === 'boolean' ? Number(value) : value;
  }));
}

/** A policy in force of the demo customer, monthly at `monthlyMinor`, whose cover began `startedDaysAgo` days ago. */
function policyInForce(title: string, startedDaysAgo: number, monthlyMinor: number): string {
  const [user] = queryDb<{ id: string; email: string; name: string }>(app.server, "SELECT id, email, name FROM users WHERE email = 'user@demo.local'");
  const policy = policyRow({ id: `e2e-ssl-policy-${crypto.randomUUID()}`, title, duration: 5 });
  insertRow('policies', policy);
  const startedAt = new Date(Date.now() - startedDaysAgo * dayMs).toISOString();
  const n = crypto.randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase();
  const row = applicationRow(user!, {
    id: `e2e-ssl-prem-${crypto.randomUUID()}`,
    policy_id: policy.id,
    policy_name: title,
    estimated_premium: monthlyMinor,
    status: 'approved',
    payment_status: 'paid',
    decided_at: startedAt,
    applied_at: startedAt,
    paid_at: startedAt,
    receipt_number: `RC-E2E-${n}`,
    paid_amount_minor: 5000,
    paid_currency: 'bdt',
    paid_method: 'demo',
    paid_provider: 'demo',
    paid_transaction_id: `demo_pi_e2e_ssl_${n}`,
    policy_number: `BD-E2ES${n}`,
    verify_code: crypto.randomUUID().replace(/-/g, ''),
    premium_mode: 'monthly',
  });
  insertRow('applications', row);
  return row.id as string;
}

const receiptsOf = (applicationId: string) =>
  queryDb<{ receipt_number: string; due_ids: string; amount_minor: number; provider: string; method: string }>(
    app.server,
    'SELECT receipt_number, due_ids, amount_minor, provider, method FROM premium_receipts WHERE application_id = ?',
    applicationId,
  );

/** Signs in on the English page, then chooses বাংলা with the switch. */
async function signInInBangla(page: Page, target: string) {
  writeDb(app.server, "UPDATE users SET language = NULL WHERE email = 'user@demo.local'");
  await loginAs(page, app.server, 'user', target);
  await page.getByRole('link', { name: 'বাংলা', exact: true }).click();
  await page.waitForURL((url) => url.pathname === `/bn${target}`);
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('bn');
}

describe('premium dues by bKash through SSLCommerz at 360x740 (bn)', () => {
  it('a customer pays two dues by bKash and comes back to the Bangla premiums page with the receipt listing them', async () => {
    const title = `E2E Wallet ${crypto.randomUUID().slice(0, 6)}`;
    // In grace: the first due 20 days ago is unpaid; the second comes in about ten days.
    const applicationId = policyInForce(title, 20, 60_000);
    const context = await newContext(app.browser, { width: 360, height: 740, locale: 'bn-BD' });
    const page = await context.newPage();
    await signInInBangla(page, `/dashboard/premiums/${applicationId}`);
    await page.getByRole('heading', { level: 1, name: 'প্রিমিয়াম' }).waitFor();
    await page.locator('.premiums__summary').getByText('গ্রেস পিরিয়ডে', { exact: true }).waitFor();

    const boxes = page.locator('.premiums__pay input[type="checkbox"]');
    await expect.poll(() => boxes.count()).toBeGreaterThan(2);
    await expectFullyOnScreen(page, boxes.nth(1), 'the second due');
    await boxes.nth(1).check();
    // bKash beside the card way, for the two dues' sum (৳1,200.00 in Bangla digits).
    const bkash = page.getByRole('button', { name: /^বিকাশ দিয়ে ৳১,২০০\.০০ পরিশোধ করুন$/ });
    await bkash.waitFor();
    await expect.poll(() => page.locator('.premiums__go').textContent()).toMatch(/১,২০০\.০০/);
    await page.getByRole('button', { name: /^নগদ দিয়ে ৳১,২০০\.০০ পরিশোধ করুন$/ }).waitFor();
    await expectNothingOverflows(page, 'premiums with wallets (bn)');
    await expectFullyOnScreen(page, bkash, 'Pay by bKash');
    await bkash.click();

    // At the gateway: asked for the server's sum of the two dues.
    await page.waitForURL((url) => url.origin === gatewayOrigin());
    await page.getByText('Pay 1200.00 BDT with bkash').waitFor();
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.getByRole('button', { name: 'Return to merchant' }).click();

    await page.waitForURL((url) => url.pathname === `/bn/dashboard/premiums/${applicationId}` && url.searchParams.get('result') === 'paid');
    const said = page.getByText('আপনার প্রিমিয়াম পরিশোধ হয়েছে। রসিদ নিচে আছে।');
    await said.waitFor();
    await expectFullyOnScreen(page, said, 'the outcome', { scroll: false });
    await expect.poll(() => receiptsOf(applicationId).length).toBe(1);
    const [receipt] = receiptsOf(applicationId);
    expect(receipt).toMatchObject({ amount_minor: 120_000, provider: 'sslcommerz', method: 'bkash' });
    expect(JSON.parse(receipt!.due_ids)).toHaveLength(2);

    await page.locator('.premiums__summary').getByText('চালু আছে', { exact: true }).waitFor();
    const shown = page.locator('.premiums__receipts .premiums__receipt').filter({ hasText: receipt!.receipt_number });
    await shown.waitFor();
    await shown.getByText(/বিকাশ/).waitFor();
    expect(await shown.locator('.premiums__covered li').count()).toBe(2);
    await expectNothingOverflows(page, 'premiums paid by bKash (bn)');
    await context.close();
  });
});
