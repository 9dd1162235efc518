/**
 * Paying with bKash through SSLCommerz at 360x740: the payment page offers what the server has
 * configured, sends the person to the gateway (a local stand-in of the sandbox's checkout, which
 * also sends the IPN), and they come back to a page saying it is confirmed, with a receipt that
 * says bKash. Cancelling at the gateway leaves the application unpaid and says so.
 */
import { describe, expect, it } from 'vitest';
import { newContext } from './support/browser.ts';
import { loginAs, queryDb, writeDb } from './support/login.ts';
import { useAppWithSslcommerz } from './support/sslcommerz-app.ts';

const { app, gatewayOrigin } = useAppWithSslcommerz();

function unpaidApplication(): string {
  const [user] = queryDb<{ id: string; email: string; name: string }>(app.server, "SELECT id, email, name FROM users WHERE email = 'user@demo.local'");
  const id = `e2e-sslcommerz-${crypto.randomUUID()}`;
  writeDb(
    app.server,
    `INSERT INTO applications (id, user_id, user_email, name, address, nid, nominee_name, relationship, policy_name, applied_at)
     VALUES (?, ?, ?, ?, 'House 12, Road 5, Dhaka', '1990123456789', 'Nominee Name', 'Spouse', 'E2E Wallet Cover', ?)`,
    id, user!.id, user!.email, user!.name, new Date().toISOString(),
  );
  return id;
}

const paymentStatus = (id: string) => queryDb<{ payment_status: string }>(app.server, 'SELECT payment_status FROM applications WHERE id = ?', id)[0]?.payment_status;

describe('paying with bKash through SSLCommerz', () => {
  it('offers bKash, Nagad and card, pays at the gateway, and comes back confirmed with a bKash receipt', async () => {
    const id = unpaidApplication();
    const page = await (await newContext(app.browser, { width: 360, height: 740 })).newPage();
    await loginAs(page, app.server, 'user', `/dashboard/payment/${id}`);
    for (const method of ['bKash', 'Nagad', 'Card']) await page.getByRole('button', { name: `Pay ৳50.00 with ${method}` }).waitFor();
    const bkash = page.getByRole('button', { name: 'Pay ৳50.00 with bKash' });
    const box = await bkash.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    await bkash.click();

    await page.waitForURL((url) => url.origin === gatewayOrigin());
    await page.getByText('Pay 50.00 BDT with bkash').waitFor();
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.getByRole('button', { name: 'Return to merchant' }).click();

    await page.waitForURL((url) => url.pathname === `/dashboard/payment/${id}` && url.searchParams.get('result') === 'paid');
    await page.getByText('Your payment is confirmed.').waitFor();
    expect(paymentStatus(id)).toBe('paid');
    await page.getByRole('link', { name: 'View receipt' }).first().click();
    await page.getByRole('heading', { name: 'Payment receipt' }).waitFor();
    await page.getByText('bKash', { exact: true }).waitFor();
    await page.getByText('৳50.00').waitFor();
    const [payment] = queryDb<{ transaction_id: string; provider: string }>(app.server, 'SELECT transaction_id, provider FROM payments WHERE application_id = ?', id);
    expect(payment?.provider).toBe('sslcommerz');
    await page.getByText(payment!.transaction_id).waitFor();
    await page.context().close();
  });

  it('a payment cancelled at the gateway leaves the application unpaid and says so', async () => {
    const id = unpaidApplication();
    const page = await (await newContext(app.browser, { width: 360, height: 740 })).newPage();
    await loginAs(page, app.server, 'user', `/dashboard/payment/${id}`);
    await page.getByRole('button', { name: 'Pay ৳50.00 with Nagad' }).click();
    await page.waitForURL((url) => url.origin === gatewayOrigin());
    await page.getByRole('button', { name: 'Cancel payment' }).click();
    await page.getByRole('button', { name: 'Return to merchant' }).click();
    await page.waitForURL((url) => url.pathname === `/dashboard/payment/${id}` && url.searchParams.get('result') === 'cancelled');
    await page.getByText('You cancelled the payment.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Pay ৳50.00 with Nagad' }).waitFor();
    expect(paymentStatus(id)).toBe('unpaid');
    await page.context().close();
  });
});
