/**
 * Paying two premium dues by bKash through SSLCommerz (issue 49) at 360x740 in Bangla: the
 * premiums page offers bKash next to the card way, sends the person to the gateway (a local
 * stand-in of the sandbox's checkout, which also sends the IPN) for the server's sum of the two
 * dues, and they come back to the Bangla premiums page saying it went through, with the receipt
 * listing both dues. What must be tapped is checked to be on the screen.
 */
import { describe, expect, it } from 'vitest';
import { newContext } from './support/browser.ts';
import { expectFullyOnScreen, expectNothingOverflows } from './support/fits.ts';
import { insertPolicyInForce } from './support/dashboard-data.ts';
import { loginInLanguage, queryDb } from './support/login.ts';
import { useAppWithSslcommerz } from './support/sslcommerz-app.ts';

const { app, gatewayOrigin } = useAppWithSslcommerz();

const receiptsOf = (applicationId: string) =>
  queryDb<{ receipt_number: string; due_ids: string; amount_minor: number; provider: string; method: string }>(
    app.server,
    'SELECT receipt_number, due_ids, amount_minor, provider, method FROM premium_receipts WHERE application_id = ?',
    applicationId,
  );

describe('premium dues by bKash through SSLCommerz at 360x740 (bn)', () => {
  it('a customer pays two dues by bKash and comes back to the Bangla premiums page with the receipt listing them', async () => {
    const title = `E2E Wallet ${crypto.randomUUID().slice(0, 6)}`;
    // In grace: the first due 20 days ago is unpaid; the second comes in about ten days.
    const applicationId = insertPolicyInForce(app.server, { title, startedDaysAgo: 20, monthlyMinor: 60_000 }).id;
    const context = await newContext(app.browser, { width: 360, height: 740, locale: 'bn-BD' });
    const page = await context.newPage();
    await loginInLanguage(page, app.server, 'user', 'bn', `/dashboard/premiums/${applicationId}`);
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
