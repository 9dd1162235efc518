/**
 * Paying for an application in the demo payment mode (the embedded default without Stripe
 * keys): the labelled demo form, a declined card's message under the form, the demo card
 * paying, and the application shown as paid. Stripe Elements itself needs Stripe's servers,
 * which tests cannot reach; the Stripe path is covered at the API (edge-api/test/payments.test.ts).
 */
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { axeViolations, describeViolations } from './support/axe.ts';
import { newContext, type Page } from './support/browser.ts';

const app = useAppAndBrowser();

function withDb<T>(use: (db: Database.Database) => T): T {
  const db = new Database(join(app.server.dataDir, 'insurance.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    return use(db);
  } finally {
    db.close();
  }
}

/** An unpaid application of the demo customer, made in the database (no screen needed). */
function applicationOfDemoUser(policyName: string): string {
  return withDb((db) => {
    const user = db.prepare("SELECT id, email, name FROM users WHERE email = 'user@demo.local'").get() as { id: string; email: string; name: string };
    const id = `e2e-payment-${crypto.randomUUID()}`;
    db.prepare(
      `INSERT INTO applications (id, user_id, user_email, name, address, nid, nominee_name, relationship, policy_name, applied_at)
       VALUES (?, ?, ?, ?, 'House 12, Road 5, Dhaka', '1990123456789', 'Nominee Name', 'Spouse', ?, ?)`,
    ).run(id, user.id, user.email, user.name, policyName, new Date().toISOString());
    return id;
  });
}

/** Opens the payment screen; the dashboard guard sends us through /login and back. */
async function openPayment(applicationId: string): Promise<Page> {
  const page = await (await newContext(app.browser)).newPage();
  const target = `/dashboard/payment/${applicationId}`;
  await page.goto(`${app.server.url}${target}`);
  await page.waitForURL((url) => url.pathname === '/login');
  // The sign-in form settles (its Google option asks the server) before typing into it.
  await page.waitForLoadState('networkidle');
  await page.getByLabel('Email').fill('user@demo.local');
  await page.getByLabel('Password').fill('demo1234');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL((url) => url.pathname === target);
  return page;
}

describe('paying by card in demo mode', () => {
  it('declines another card with the card message, pays with the demo card, and shows the application paid', async () => {
    const applicationId = applicationOfDemoUser('E2E Family Cover');
    const page = await openPayment(applicationId);

    await page.getByRole('heading', { name: 'Payment', level: 1 }).waitFor();
    await page.getByText('Demo payment mode:').waitFor();
    await page.getByText('E2E Family Cover').waitFor();
    const pay = page.getByRole('button', { name: 'Pay ৳50.00' });
    await pay.waitFor();
    // The sign-in toast belongs to the shared toast component; this checks the payment screen.
    await page.locator('.toast').first().waitFor({ state: 'detached', timeout: 10_000 });
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);

    const cardNumber = page.getByLabel('Card number');
    await cardNumber.fill('4000000000000002');
    expect(await cardNumber.inputValue()).toBe('4000 0000 0000 0002');
    await pay.click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Your card was declined.');
    const nothing = withDb((db) => db.prepare('SELECT COUNT(*) AS n FROM payments WHERE application_id = ?').get(applicationId)) as { n: number };
    expect(nothing.n).toBe(0);

    await cardNumber.fill('4242 4242 4242 4242');
    await pay.click();
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor();
    const [payment] = withDb((db) => db.prepare('SELECT * FROM payments WHERE application_id = ?').all(applicationId)) as {
      transaction_id: string;
      provider: string;
      amount_minor: number;
    }[];
    expect(payment).toMatchObject({ provider: 'demo', amount_minor: 5000 });
    await page.locator('main code', { hasText: payment?.transaction_id ?? 'missing' }).waitFor();
    const application = withDb((db) => db.prepare('SELECT payment_status FROM applications WHERE id = ?').get(applicationId)) as { payment_status: string };
    expect(application.payment_status).toBe('paid');

    // My Policies shows it paid: no Pay button for it any more.
    await page.getByRole('link', { name: 'Back to My Policies' }).click();
    const row = page.getByRole('row').filter({ hasText: 'E2E Family Cover' });
    await row.getByText('Paid', { exact: true }).waitFor({ timeout: 15_000 });
    expect(await row.getByRole('link', { name: /Pay for/ }).count()).toBe(0);

    // Coming back to the screen: nothing more to pay, said as a fact, not as an error (issue 48).
    await page.goto(`${app.server.url}/dashboard/payment/${applicationId}`);
    await page.getByRole('heading', { name: 'This application is paid. There is nothing more to pay.' }).waitFor();
    expect(await page.getByRole('link', { name: 'View receipt' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: /^Pay / }).count()).toBe(0);
    expect(await page.locator('.form-message--error, .state--error, [role="alert"]').count()).toBe(0);
    await page.context().close();
  });

  it('says so when there is no such application', async () => {
    const page = await openPayment('no-such-application');
    await page.getByText('Application not found or already deleted').waitFor();
    await page.context().close();
  });
});
