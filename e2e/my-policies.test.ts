/**
 * Issue 29, point 1: at 360x740 My Policies reads as a customer reads a policy: the agent by
 * name with a tel: link, the monthly premium and the coverage in ৳, the dates in the person's
 * language and time zone, the status in words with what happens next, the policy number once
 * approved, a search by the policy's name, and Delete only where it can succeed.
 */
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { newContext } from './support/browser.ts';
import { demoUser, insertApplication } from './support/dashboard-data.ts';
import { loginAs, queryDb } from './support/login.ts';

const app = useAppAndBrowser();

describe('My Policies', () => {
  it('shows each application as a policy, searchable, with Delete only where it works', async () => {
    const user = demoUser(app.server);
    const [policy] = queryDb<{ id: string; title: string; coverage_range: number }>(app.server, "SELECT id, title, coverage_range FROM policies WHERE title LIKE '%Term%' LIMIT 1");
    const [other] = queryDb<{ id: string; title: string }>(app.server, 'SELECT id, title FROM policies WHERE id != ? LIMIT 1', policy!.id);
    // The demo user's own seeded applications are dated from today, so each row here is told
    // apart by a premium no seeded one has, not by its date alone.
    // Applied late on 24 Nov UTC: already 25 Nov in Dhaka.
    insertApplication(app.server, user, { policy_id: policy!.id, policy_name: policy!.title, status: 'pending', payment_status: 'unpaid', estimated_premium: 123450, applied_at: '2026-11-24T20:30:00.000Z' });
    insertApplication(app.server, user, {
      policy_id: other!.id,
      policy_name: other!.title,
      status: 'assigned',
      payment_status: 'paid',
      assigned_agent: 'agent@demo.local',
      assigned_at: '2026-11-25T08:00:00.000Z',
      applied_at: '2026-11-20T08:00:00.000Z',
      estimated_premium: 234560,
    });
    insertApplication(app.server, user, {
      policy_id: other!.id,
      policy_name: other!.title,
      status: 'approved',
      payment_status: 'unpaid',
      assigned_agent: 'agent@demo.local',
      decided_at: '2026-11-22T08:00:00.000Z',
      applied_at: '2026-11-18T08:00:00.000Z',
      estimated_premium: 345670,
    });
    // Approved and paid: a policy in force, with the number the server gave when it was paid.
    insertApplication(app.server, user, {
      policy_id: other!.id,
      policy_name: other!.title,
      status: 'approved',
      payment_status: 'paid',
      assigned_agent: 'agent@demo.local',
      decided_at: '2026-11-12T08:00:00.000Z',
      applied_at: '2026-11-10T08:00:00.000Z',
      estimated_premium: 456780,
      receipt_number: 'RCP-TEST-0001',
      paid_amount_minor: 5000,
      paid_currency: 'bdt',
      paid_method: 'demo',
      paid_provider: 'demo',
      paid_transaction_id: 'demo_test_0001',
      paid_at: '2026-11-12T09:00:00.000Z',
      policy_number: 'BD-0A1B2C3D4E',
      verify_code: '00112233445566778899aabbccddeeff',
    });

    const context = await newContext(app.browser, { width: 360, height: 740, timezoneId: 'Asia/Dhaka' });
    const page = await context.newPage();
    await loginAs(page, app.server, 'user', '/dashboard/myApplication');
    await page.getByRole('heading', { name: 'My Policies' }).waitFor();

    const pending = page.getByRole('row').filter({ hasText: policy!.title }).filter({ hasText: '25 Nov 2026' }).filter({ hasText: '৳1,234.50' });
    await pending.waitFor();
    await pending.getByText('An agent will review your application.').waitFor();
    await pending.getByText('৳1,234.50').waitFor();
    // Amounts are stored in poisha; shown in taka.
    await pending.getByText(`৳${new Intl.NumberFormat('en-IN').format(policy!.coverage_range / 100)}`).waitFor();
    const remove = pending.getByRole('button', { name: `Delete application for ${policy!.title}` });
    const box = (await remove.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);

    // Assigned and paid: the agent by name, a phone to tap, and no Delete (the server would refuse it).
    const assigned = page.getByRole('row').filter({ hasText: 'Tanvir Ahmed is reviewing your application and may call you.' }).filter({ hasText: '20 Nov 2026' }).filter({ hasText: '৳2,345.60' });
    await assigned.waitFor();
    const call = assigned.getByRole('link', { name: /^Call Tanvir Ahmed on / });
    expect(await call.getAttribute('href')).toMatch(/^tel:\+8801\d{9}$/);
    expect(await assigned.getByText('agent@demo.local').count()).toBe(0);
    expect(await assigned.getByRole('button', { name: /Delete/ }).count()).toBe(0);

    // Approved, not paid yet: what to do next, and no policy number before the cover starts.
    const approvedRow = page.getByRole('row').filter({ hasText: 'Pay your first premium to start your cover.' }).filter({ hasText: '18 Nov 2026' }).filter({ hasText: '৳3,456.70' });
    await approvedRow.waitFor();
    expect(await approvedRow.getByText(/Policy number/).count()).toBe(0);
    // In force: the policy number from the server, the one its certificate prints.
    const inForce = page.getByRole('row').filter({ hasText: 'Your cover is in force.' }).filter({ hasText: '10 Nov 2026' }).filter({ hasText: '৳4,567.80' });
    await inForce.getByText('Policy number BD-0A1B2C3D4E').waitFor();

    // Its own page says the same.
    await inForce.getByRole('link').first().click();
    await page.getByRole('heading', { name: 'Application' }).waitFor();
    await page.getByText('BD-0A1B2C3D4E').waitFor();
    await page.getByText('Your cover is in force.').waitFor();
    expect(await page.getByRole('link', { name: /^\+880/ }).getAttribute('href')).toMatch(/^tel:\+8801\d{9}$/);
    await page.getByRole('link', { name: '← My Policies' }).click();
    await page.getByRole('heading', { name: 'My Policies' }).waitFor();
    await approvedRow.getByRole('link').first().click();
    await page.getByRole('heading', { name: 'Application' }).waitFor();
    await page.getByText('Pay your first premium to start your cover.').waitFor();
    expect(await page.getByRole('link', { name: /^\+880/ }).getAttribute('href')).toMatch(/^tel:\+8801\d{9}$/);
    await page.getByRole('link', { name: '← My Policies' }).click();
    await page.getByRole('heading', { name: 'My Policies' }).waitFor();

    // Search by the policy's name.
    await page.getByLabel('Search by policy name').fill(policy!.title.slice(0, 6).toLowerCase());
    await expect.poll(() => page.getByRole('row').filter({ hasText: other!.title }).count()).toBe(0);
    await pending.waitFor();
    await page.getByLabel('Search by policy name').fill('no such policy');
    await page.getByText('None of your policies is named like “no such policy”.').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // In Bangla, the date in Bangla.
    await page.goto(`${app.server.url}/bn/dashboard/myApplication`);
    const banglaDate = new Intl.DateTimeFormat('bn-BD', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'Asia/Dhaka' }).format(new Date('2026-11-24T20:30:00.000Z'));
    await page.getByText(banglaDate).first().waitFor();
  });
});
