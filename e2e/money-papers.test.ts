/**
 * Issue 26 at 360x740: paying in the demo mode leaves a receipt in ৳ that opens offline; the
 * policy and payment pages show no "$"; an approved and paid application has a certificate
 * whose QR code (decoded here with a QR reader) opens the public check, which shows "valid"
 * without the holder's full name, and a made-up code is not found; a paid pending application
 * can still be assigned and rejected, and its owner then sees Refunded.
 */
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import type { Page } from './support/browser.ts';
import { newContext } from './support/browser.ts';
import { expectNothingOverflows } from './support/fits.ts';
import { apiAs, loginAs, queryDb, writeDb } from './support/login.ts';
import { offlineJourney, openReadyForOffline, readStore } from './support/offline.ts';

const journey = offlineJourney();
const phone = { width: 360, height: 740 };

/** An unpaid pending application of the demo customer for a catalogue policy, made in the database. */
function applicationOfDemoUser(applicant?: string): { id: string; policyId: string; policyName: string; holder: string } {
  const [user] = queryDb<{ id: string; email: string; name: string }>(journey.server, "SELECT id, email, name FROM users WHERE email = 'user@demo.local'");
  const [policy] = queryDb<{ id: string; title: string }>(journey.server, 'SELECT id, title FROM policies ORDER BY id LIMIT 1');
  const id = `e2e-money-${crypto.randomUUID()}`;
  writeDb(
    journey.server,
    `INSERT INTO applications (id, user_id, user_email, name, address, nid, nominee_name, relationship, policy_id, policy_name, estimated_premium, applied_at)
     VALUES (?, ?, ?, ?, 'House 12, Road 5, Dhaka', '1990123456789', 'Karima Begum', 'Spouse', ?, ?, 125050, ?)`,
    id, user!.id, user!.email, applicant ?? user!.name, policy!.id, policy!.title, new Date().toISOString(),
  );
  return { id, policyId: policy!.id, policyName: policy!.title, holder: user!.name };
}

/** What a person tapping `name` would hit lies on the screen. */
async function expectOnScreen(page: Page, name: string | RegExp, role: 'button' | 'link' = 'button') {
  const box = await page.getByRole(role, { name }).first().boundingBox();
  expect(box, `${String(name)} has no box`).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(phone.width);
}

const visibleText = (page: Page) => page.evaluate(() => document.body.innerText);

/** Pays through the API as the customer, in the demo mode. */
async function payInDemo(applicationId: string) {
  const customer = await apiAs(journey.server, 'user');
  const intent = await customer.json<{ paymentIntentId: string }>('/api/create-payment-intent', { method: 'POST', body: JSON.stringify({ applicationId }) });
  await customer.json('/api/payments/demo/confirm', { method: 'POST', body: JSON.stringify({ paymentIntentId: intent.paymentIntentId, cardNumber: '4242 4242 4242 4242' }) });
  await customer.json('/api/payments/save', { method: 'POST', body: JSON.stringify({ applicationId, transactionId: intent.paymentIntentId }) });
}

describe('paying the way Bangladesh pays', () => {
  it('pays in demo mode in ৳, opens the receipt offline, and shows no $ on the policy and payment pages', async () => {
    const application = applicationOfDemoUser();
    const { context, page } = await openReadyForOffline(journey, { role: 'user', path: `/dashboard/payment/${application.id}`, viewport: phone });

    const pay = page.getByRole('button', { name: 'Pay ৳50.00' });
    await pay.waitFor();
    expect(await visibleText(page)).not.toContain('$');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await expectOnScreen(page, 'Pay ৳50.00');
    await pay.click();
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor();
    expect(await visibleText(page)).not.toContain('$');
    const [payment] = queryDb<{ receipt_number: string }>(journey.server, 'SELECT receipt_number FROM payments WHERE application_id = ?', application.id);
    expect(payment?.receipt_number).toMatch(/^RC-/);

    await expectOnScreen(page, 'View receipt', 'link');
    await page.getByRole('link', { name: 'View receipt' }).click();
    await page.getByRole('heading', { name: 'Payment receipt' }).waitFor();
    await page.getByText(payment!.receipt_number).waitFor();
    await page.getByText('৳50.00').waitFor();
    await page.getByText('Demo (nothing charged)').waitFor();
    await expectOnScreen(page, 'Print or save as PDF');
    // The payment's toast slides in from the side (components/toast.tsx): measured once it is gone.
    await page.locator('.toast').first().waitFor({ state: 'detached', timeout: 10_000 });
    await expectNothingOverflows(page, 'the receipt');

    // The receipt is in the device's copy: it opens with the network off.
    await expect
      .poll(async () => (await readStore<{ id: string; papers?: { receipt?: { receiptNumber: string } } }>(page, 'applications')).find((a) => a.id === application.id)?.papers?.receipt?.receiptNumber)
      .toBe(payment!.receipt_number);
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Payment receipt' }).waitFor();
    await page.getByText(payment!.receipt_number).waitFor();
    await page.getByText('৳50.00').waitFor();
    // From My Policies, offline too.
    await page.goto(`${journey.server.url}/dashboard/myApplication`);
    await page.getByRole('link', { name: `Payment receipt for ${application.policyName}` }).first().waitFor();
    await context.setOffline(false);

    // In Bangla, and as it prints (A4 / a phone's "save as PDF"): only the sheet, shaped by the browser.
    await page.goto(`${journey.server.url}/bn/dashboard/receipts/${application.id}`);
    const banglaHeading = page.getByRole('heading', { name: 'পেমেন্টের রসিদ' });
    await banglaHeading.waitFor();
    await page.getByText('৳৫০.০০').waitFor();
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('button', { name: 'প্রিন্ট করুন বা PDF হিসেবে রাখুন' }).isVisible()).toBe(false);
    expect(await page.getByRole('link', { name: 'আমার পলিসিতে ফিরে যান' }).isVisible()).toBe(false);
    expect(await banglaHeading.isVisible()).toBe(true);
    expect((await page.pdf({ format: 'A4' })).byteLength).toBeGreaterThan(1000);
    await page.emulateMedia({ media: 'screen' });

    await page.goto(`${journey.server.url}/policies/${application.policyId}`);
    await page.getByRole('heading', { name: application.policyName, level: 1 }).waitFor();
    await expect.poll(() => visibleText(page)).toContain('৳');
    expect(await visibleText(page)).not.toContain('$');
    await context.close();
  });

  it('an approved and paid application has a certificate whose QR code opens the public check', async () => {
    const application = applicationOfDemoUser();
    await payInDemo(application.id);
    const admin = await apiAs(journey.server, 'admin');
    await admin.json(`/api/applications/assign/${application.id}`, { method: 'PATCH', body: JSON.stringify({ agentEmail: 'agent@demo.local' }) });
    const agent = await apiAs(journey.server, 'agent');
    await agent.json(`/api/applications/${application.id}/status`, { method: 'PATCH', body: JSON.stringify({ status: 'approved' }) });
    const [row] = queryDb<{ verify_code: string; policy_number: string }>(journey.server, 'SELECT verify_code, policy_number FROM applications WHERE id = ?', application.id);

    const { context, page } = await openReadyForOffline(journey, { role: 'user', path: `/dashboard/certificates/${application.id}`, viewport: phone });
    await page.getByRole('heading', { name: 'Policy certificate' }).waitFor();
    await page.getByText(row!.policy_number).waitFor();
    await page.getByText('Karima Begum').waitFor();
    const qr = page.getByTestId('certificate-qr');
    await qr.waitFor();
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // Read as a phone's camera would, once nothing (the sign-in's toast) lies over it.
    const readQr = async () => {
      const png = PNG.sync.read(await qr.screenshot());
      return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
    };
    const address = `${journey.server.url}/verify/${row!.verify_code}`;
    await expect.poll(readQr, { timeout: 15_000 }).toBe(address);
    expect(row!.verify_code).toMatch(/^[0-9a-f]{32}$/);
    await expectNothingOverflows(page, 'the certificate');
    await context.close();

    // A stranger scans it: valid, the name masked, nothing else personal.
    const visitor = await (await newContext(journey.browser, phone)).newPage();
    await visitor.goto(address);
    await visitor.getByText('Valid and in force').waitFor();
    const shown = await visibleText(visitor);
    expect(shown).not.toContain(application.holder);
    expect(shown).not.toContain('Karima Begum');
    expect(shown).toContain(application.holder.trim().split(/\s+/)[0]!.charAt(0));
    await visitor.goto(`${journey.server.url}/verify/${'0'.repeat(32)}`);
    await visitor.getByText('No certificate has this code.', { exact: false }).waitFor();
    await visitor.context().close();
  });

  it('a paid pending application can still be assigned and rejected; its owner then sees Refunded', async () => {
    const applicant = `Paid Pending ${crypto.randomUUID().slice(0, 6)}`;
    const application = applicationOfDemoUser(applicant);
    await payInDemo(application.id);

    // The admin, at 360 px: Assign and Reject stay on offer for the paid application.
    const admin = await newContext(journey.browser, phone);
    const page = await admin.newPage();
    await loginAs(page, journey.server, 'admin', '/dashboard/manageApplications');
    await page.getByRole('heading', { name: 'Manage Applications' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill(applicant);
    const row = page.getByRole('row').filter({ hasText: applicant });
    await expect.poll(() => row.count()).toBe(1);
    await row.getByRole('button', { name: /^Assign/ }).click();
    const picker = page.getByRole('dialog', { name: 'Assign an agent' });
    await picker.getByRole('radio').first().check();
    await picker.getByRole('button', { name: 'Yes, assign!' }).click();
    await row.getByText('Assigned', { exact: true }).waitFor();
    await row.getByRole('button', { name: /^Reject/ }).click();
    // Issue 29: a reason the customer reads, refused until one is chosen.
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    const yes = confirm.getByRole('button', { name: 'Yes, reject it!' });
    await yes.click();
    await confirm.getByText('Please choose a reason: the customer will read it.').waitFor();
    expect(queryDb<{ status: string }>(journey.server, 'SELECT status FROM applications WHERE id = ?', application.id)[0]?.status).toBe('assigned');
    await confirm.getByLabel('Reason for rejecting').selectOption({ label: 'Documents missing or unclear' });
    await confirm.getByLabel('A note for the customer (optional)').fill('The NID photo cannot be read.');
    await expectNothingOverflows(page, 'the reject dialog');
    await yes.scrollIntoViewIfNeeded();
    const box = await yes.boundingBox();
    expect(box && box.x >= 0 && box.y >= 0 && box.x + box.width <= 360 && box.y + box.height <= 740).toBe(true);
    await yes.click();
    await row.getByText('Rejected', { exact: true }).waitFor();
    await expect
      .poll(() => queryDb<{ refunded_at: string | null }>(journey.server, 'SELECT refunded_at FROM payments WHERE application_id = ?', application.id)[0]?.refunded_at)
      .toEqual(expect.any(String));
    await admin.close();

    const customer = await openReadyForOffline(journey, { role: 'user', path: '/dashboard/myApplication', viewport: phone });
    await customer.page.getByRole('link', { name: `Payment receipt for ${application.policyName}` }).first().waitFor();
    await expect.poll(() => visibleText(customer.page)).toContain('Refunded');
    // The admin's reason, as My Policies shows the agent's.
    const shown = await visibleText(customer.page);
    expect(shown).toContain('Reason: Documents missing or unclear.');
    expect(shown).toContain('The NID photo cannot be read.');
    await customer.page.goto(`${journey.server.url}/dashboard/receipts/${application.id}`);
    await customer.page.getByText(/^Refunded on /).waitFor();
    await customer.context.close();
  });
});
