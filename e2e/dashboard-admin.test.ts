/**
 * An admin's dashboard: the totals, assigning and rejecting applications, agent requests,
 * promoting a user, adding a policy with its image, the transactions with their filters and
 * chart, and the audit log; each checked against what the server then holds.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot, useAppAndBrowser } from './support/app-server.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { newContext } from './support/browser.ts';
import { demoUser, insertApplication, insertPayment } from './support/dashboard-data.ts';
import { apiAs, loginAs, queryDb } from './support/login.ts';

const app = useAppAndBrowser();

async function adminPage(target: string) {
  const page = await (await newContext(app.browser)).newPage();
  await loginAs(page, app.server, 'admin', target);
  return page;
}

/** A new account through the real sign-up, for journeys that change someone's role. */
async function register(name: string, email: string) {
  const form = new FormData();
  form.set('name', name);
  form.set('email', email);
  form.set('password', 'secret-123');
  const res = await fetch(`${app.server.url}/api/auth/register`, { method: 'POST', body: form });
  expect(res.status).toBe(201);
  return (await res.json()) as { accessToken: string };
}

const application = (id: string) =>
  queryDb<{ status: string; assigned_agent: string | null; payment_status: string }>(
    app.server,
    'SELECT status, assigned_agent, payment_status FROM applications WHERE id = ?',
    id,
  )[0];

describe("an admin's dashboard", () => {
  it('shows the six totals the server counts', async () => {
    const admin = await apiAs(app.server, 'admin');
    const stats = await admin.json<Record<string, number>>('/api/admin-stats');
    const page = await adminPage('/dashboard');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    const cards: [string, string][] = [
      ['Total Users', 'totalUsers'],
      ['Total Policies', 'totalPolicies'],
      ['Total Applications', 'totalApplications'],
      ['Total Agents', 'totalAgents'],
      ['Pending Applications', 'pendingApplications'],
      ['Total Payments', 'totalPayments'],
    ];
    for (const [label, key] of cards) {
      const card = page.getByRole('listitem').filter({ hasText: label });
      expect(await card.locator('.stat-card__value').innerText(), label).toBe(String(stats[key]));
    }
    await expectNoAxeViolations(page, 'Admin Dashboard');
    await page.context().close();
  });

  it('assigns an approved agent to one application and rejects another', async () => {
    const customer = demoUser(app.server);
    // Names of this attempt's own: a second attempt in CI (decision 0089) finds only its rows.
    const tag = Math.random().toString(36).slice(2, 7);
    const assignName = `Assign Me ${tag}`;
    const rejectName = `Reject Me ${tag}`;
    const paidName = `Already Paid ${tag}`;
    const toAssign = insertApplication(app.server, customer, { name: assignName, policy_name: 'Probashi Term Plan' });
    const toReject = insertApplication(app.server, customer, { name: rejectName, policy_name: 'Home Loan Protector' });
    const paid = insertApplication(app.server, customer, { name: paidName, policy_name: 'Uddokta Business Shield', payment_status: 'paid' });

    const page = await adminPage('/dashboard/manageApplications');
    await page.getByRole('heading', { name: 'Manage Applications' }).waitFor();
    const rowOf = (name: string) => page.getByRole('row').filter({ hasText: name });
    const search = page.getByRole('searchbox', { name: 'Search', exact: true });
    const find = async (name: string) => {
      await search.fill(name);
      await expect.poll(() => page.getByRole('row').filter({ hasText: name }).count()).toBe(1);
    };

    // Paying never freezes the work (issue 26): a paid pending application offers both actions.
    await find(paidName);
    expect(await rowOf(paidName).getByRole('button', { name: /^Assign/ }).isDisabled()).toBe(false);
    expect(await rowOf(paidName).getByRole('button', { name: /^Reject/ }).isDisabled()).toBe(false);

    // One agent picker per action, offering the approved agents only, searchable.
    await find(assignName);
    await rowOf(assignName).getByRole('button', { name: /^Assign/ }).click();
    const picker = page.getByRole('dialog', { name: 'Assign an agent' });
    await picker.getByRole('radio').first().waitFor();
    const approvedAgents = queryDb<{ email: string }>(app.server, "SELECT email FROM users WHERE role = 'agent'");
    expect(await picker.getByRole('radio').count()).toBe(Math.min(approvedAgents.length, 30));
    expect(await page.locator('select option').count()).toBeLessThan(10);
    await picker.getByRole('button', { name: 'Yes, assign!' }).click();
    await picker.getByText('Please select an agent first.').waitFor();
    await expectNoAxeViolations(page, 'agent picker');
    await picker.getByRole('searchbox', { name: 'Search agents' }).fill('NUSRAT');
    await expect.poll(() => picker.getByRole('radio').count()).toBe(1);
    await picker.getByRole('radio', { name: /nusrat\.jahan@demo\.local/ }).check();
    await picker.getByRole('button', { name: 'Yes, assign!' }).click();
    await page.getByRole('status').filter({ hasText: 'Agent assigned' }).waitFor();
    await rowOf(assignName).getByText('Assigned', { exact: true }).waitFor();
    expect(await rowOf(assignName).innerText()).toContain('nusrat.jahan@demo.local');
    expect(application(toAssign.id)).toMatchObject({ status: 'assigned', assigned_agent: 'nusrat.jahan@demo.local' });
    await expectNoAxeViolations(page, 'Manage Applications');

    await find(rejectName);
    await rowOf(rejectName).getByRole('button', { name: /^Reject/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    // Issue 29: the admin's reject asks the reason the customer reads, as the agent's does.
    await confirm.getByLabel('Reason for rejecting').selectOption({ label: 'Details do not match' });
    await confirm.getByRole('button', { name: 'Yes, reject it!' }).click();
    await rowOf(rejectName).getByText('Rejected', { exact: true }).waitFor();
    expect(await rowOf(rejectName).getByRole('button', { name: /^Assign/ }).isDisabled()).toBe(true);
    expect(await rowOf(rejectName).getByRole('button', { name: /^Reject/ }).isDisabled()).toBe(true);
    expect(application(toReject.id)?.status).toBe('rejected');
    expect(queryDb(app.server, 'SELECT rejection_reason FROM applications WHERE id = ?', toReject.id)[0]).toEqual({ rejection_reason: 'mismatch' });
    expect(application(paid.id)?.status).toBe('pending');
    await page.context().close();
  });

  it('approves, disapproves and deletes agent requests', async () => {
    const session = await register('Sadia Islam', 'sadia.islam@example.test');
    const asked = await fetch(`${app.server.url}/api/agents`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.accessToken}` },
      body: JSON.stringify({ name: 'Sadia Islam', phone: '+880 1811 000222', nid: '1993000111222', district: 'Rajshahi' }),
    });
    expect(asked.status).toBe(201);

    const page = await adminPage('/dashboard/manageAgent');
    await page.getByRole('heading', { name: 'Manage Agents' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'sadia.islam@example.test' });
    await row.waitFor();
    expect(await row.innerText()).toContain('Pending');
    await expectNoAxeViolations(page, 'Manage Agents');

    await row.getByRole('button', { name: 'Approve Sadia Islam', exact: true }).click();
    await row.getByText('Approved', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: 'Approve Sadia Islam', exact: true }).count()).toBe(0);
    const role = () => queryDb<{ role: string }>(app.server, "SELECT role FROM users WHERE email = 'sadia.islam@example.test'")[0]?.role;
    expect(role()).toBe('agent');

    await row.getByRole('button', { name: 'Disapprove Sadia Islam', exact: true }).click();
    await row.getByText('Disapproved', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: 'Disapprove Sadia Islam', exact: true }).count()).toBe(0);
    expect(role()).toBe('user');

    await row.getByRole('button', { name: 'Delete Sadia Islam', exact: true }).click();
    await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes, delete it!' }).click();
    await row.waitFor({ state: 'detached' });
    expect(queryDb(app.server, "SELECT id FROM agent_requests WHERE email = 'sadia.islam@example.test'")).toEqual([]);
    await page.context().close();
  });

  it('promotes a user to admin, and the audit log shows who did it', async () => {
    await register('Jamal Hossain', 'jamal.hossain@example.test');
    const page = await adminPage('/dashboard/makeAdmin');
    await page.getByRole('heading', { name: 'Make Admin' }).waitFor();
    const button = page.getByRole('button', { name: 'Make Admin' });
    await button.click();
    await page.getByText('Email is required').waitFor();
    await page.getByLabel('User Email').fill('not-an-email');
    await button.click();
    await page.getByText('Please enter a valid email address').waitFor();
    await expectNoAxeViolations(page, 'Make Admin');

    await page.getByLabel('User Email').fill('nobody@example.test');
    await button.click();
    await page.getByRole('alert').filter({ hasText: 'No account has this email.' }).waitFor();

    // Issue 29: a confirmation that names the person comes first.
    await page.getByLabel('User Email').fill('jamal.hossain@example.test');
    await button.click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.getByText('Make Jamal Hossain (jamal.hossain@example.test) an admin?', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Yes, make admin' }).click();
    await page.locator('.form-message--success').filter({ hasText: 'Jamal Hossain is now an admin' }).waitFor();
    expect(queryDb<{ role: string }>(app.server, "SELECT role FROM users WHERE email = 'jamal.hossain@example.test'")[0]?.role).toBe('admin');

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Audit Log' }).click();
    await page.getByRole('heading', { name: 'Audit Log' }).waitFor();
    const [promoted] = queryDb<{ id: string }>(app.server, "SELECT id FROM users WHERE email = 'jamal.hossain@example.test'");
    const entry = page.getByRole('row').filter({ hasText: promoted!.id });
    await entry.waitFor();
    const cells = await entry.getByRole('cell').allInnerTexts();
    expect(cells[1]).toBe('admin@demo.local');
    expect(cells[2]).toContain('Role changed');
    expect(cells.slice(3)).toEqual(['user', 'admin']);
    await expectNoAxeViolations(page, 'Audit Log');
    await page.context().close();
  });

  it('adds a policy: the rules, a live preview of the image, then the policy the server holds', async () => {
    const page = await adminPage('/dashboard/addPolicy');
    await page.getByRole('heading', { name: 'Add New Insurance Policy' }).waitFor();
    await page.getByRole('button', { name: 'Add Policy' }).click();
    for (const message of ['Title is required', 'Category is required', 'Description is required', 'Image is required']) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    await expectNoAxeViolations(page, 'Add Policy with errors');

    const title = 'Shobar Jonno Health Plus';
    await page.getByLabel('Policy Title').fill(title);
    await page.getByLabel('Category').selectOption('Senior');
    await page.getByLabel('Short Details').fill('Cover for parents over sixty.');
    await page.getByLabel('Description').fill('Hospital and life cover for senior citizens, with yearly check-ups.');
    await page.getByLabel('Minimum Age').fill('60');
    await page.getByLabel('Maximum Age').fill('50');
    await page.getByLabel('Coverage Range').fill('800000');
    await page.getByLabel('Duration').selectOption('5');
    // The choices are poisha (shown ৳5,00,000); the coverage is typed in taka and stored in poisha.
    await page.getByLabel('Base Premium').selectOption({ label: '৳5,00,000' });
    await page.getByLabel('Policy Image').setInputFiles({
      name: 'senior.webp',
      mimeType: 'image/webp',
      buffer: readFileSync(join(repoRoot, 'pwa/public/demo/policies/child-health-shield.webp')),
    });
    const preview = page.getByRole('img', { name: 'Preview of the chosen policy image' });
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toMatch(/^blob:/);
    await page.getByRole('button', { name: 'Add Policy' }).click();
    await page.getByText('Maximum age must be at least the minimum age').waitFor();
    await page.getByLabel('Maximum Age').fill('75');
    await page.getByRole('button', { name: 'Add Policy' }).click();
    await page.getByRole('status').filter({ hasText: 'Policy added successfully!' }).waitFor();
    expect(await page.getByLabel('Policy Title').inputValue()).toBe('');
    expect(await preview.count()).toBe(0);

    const [stored] = queryDb<Record<string, unknown>>(app.server, 'SELECT * FROM policies WHERE title = ?', title);
    expect(stored).toMatchObject({ category: 'Senior', min_age: 60, max_age: 75, coverage_range: 80_000_000, duration: 5, base_premium: 50_000_000, creator_email: 'admin@demo.local' });
    // Prepared on the admin's device before it was sent (at most 1600 px, about 250 KB): a JPEG.
    expect(String(stored?.image_url)).toMatch(/^\/api\/images\/.+\.jpg$/);
    const image = await fetch(`${app.server.url}${String(stored?.image_url)}`);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    await page.context().close();
  });

  it('filters the transactions on the server, sums them up and draws the income per day', async () => {
    const customer = demoUser(app.server);
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
    insertPayment(app.server, customer, { policyName: 'Alpha Life Plan', amountMinor: 5000, paidAt: daysAgo(0), email: 'rina@example.test' });
    insertPayment(app.server, customer, { policyName: 'Alpha Life Plan', amountMinor: 5000, paidAt: daysAgo(0), email: 'rina@example.test' });
    insertPayment(app.server, customer, { policyName: 'Beta Child Plan', amountMinor: 2500, paidAt: daysAgo(10), email: 'omar@example.test' });
    insertPayment(app.server, customer, { policyName: 'Gamma Senior Plan', amountMinor: 5000, paidAt: daysAgo(60), email: 'omar@example.test' });

    const page = await adminPage('/dashboard/adminTransactions');
    const queries: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/payments/report')) queries.push(url.search);
    });
    await page.getByRole('heading', { name: 'Transaction Dashboard' }).waitFor();
    const card = (label: string) => page.getByRole('listitem').filter({ hasText: label }).locator('.stat-card__value');
    // Default (issue 29): every payment, said in words, as the dashboard counts them.
    await expect.poll(() => card('Total Transactions').innerText()).toBe('4');
    expect(await card('Total Income').innerText()).toBe('৳175.00');
    expect(await card('Average Transaction').innerText()).toBe('৳43.75');
    await page.getByText('Showing all payments, since the first.').waitFor();
    expect(await page.getByLabel('From Date').inputValue()).toBe('');
    expect(await page.getByLabel('To Date').inputValue()).toBe('');

    // The chart: uPlot bars, named, with its figures as a table.
    const chart = page.getByRole('img', { name: /Bar chart of income in taka per day/ });
    await chart.waitFor();
    await chart.locator('canvas').first().waitFor();
    // Pointing at a bar shows its day (MM/dd/yyyy) and income in the legend.
    const plot = page.locator('.u-over');
    await plot.scrollIntoViewIfNeeded();
    const box = (await plot.boundingBox())!;
    // Today is the last of the 61 days on the axis: its slot is at the right edge.
    await page.mouse.move(box.x + box.width - 2, box.y + box.height / 2, { steps: 5 });
    const legend = page.locator('.u-legend');
    await expect.poll(() => legend.innerText()).toMatch(/\d{2}\/\d{2}\/\d{4}/);
    expect(await legend.innerText()).toContain('৳100.00');
    await page.getByText('Transaction Income Over Time').waitFor();
    await page.getByText('Income (৳)').first().waitFor();
    // Beside the chart: every day from the first payment (60 days ago) to today, gaps as ৳0.00.
    const perDay = page.getByRole('table', { name: 'Income per day' });
    await expect.poll(() => perDay.getByRole('row').count()).toBe(62);
    expect(await perDay.innerText()).toContain('৳100.00');
    expect(await perDay.innerText()).toContain('৳0.00');

    const table = page.getByRole('table', { name: 'Transactions' });
    expect(await table.getByRole('row').count()).toBe(5);
    expect(await table.getByRole('cell', { name: 'Success' }).count()).toBe(4);
    await expectNoAxeViolations(page, 'Transaction Dashboard');

    await page.getByLabel('User Email').fill('OMAR@');
    await expect.poll(() => table.getByRole('row').count()).toBe(3);
    expect(queries.at(-1)).toContain('email=OMAR%40');
    expect(await card('Total Income').innerText()).toBe('৳75.00');

    await page.getByLabel('From Date').fill(new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10));
    // The same rows as before (every payment was shown already): wait for the request itself.
    await expect.poll(() => queries.at(-1)).toMatch(/from=\d{4}-\d{2}-\d{2}/);
    await expect.poll(() => table.getByRole('row').count()).toBe(3);

    await page.getByLabel('Policy Name').fill('no such plan');
    await page.getByText('No transactions found matching your filters').waitFor();
    expect(await card('Average Transaction').innerText()).toBe('৳0.00');
    expect(queries.at(-1)).toContain('policyName=no+such+plan');
    await page.context().close();
  });
});
