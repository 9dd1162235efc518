/**
 * Issue 29, the staff's points (2, 3, 4, 5, 9, 11) at 360x740, as people see them: a quote from a
 * policy starts with its coverage and term; an applicant of 70 is refused for an 18-55 policy;
 * the agent's claim dialog shows the NID under "NID", the policy's coverage, the age, health
 * declaration and nominee, and asks a reason to reject, which the customer reads; Assigned
 * Customers offers a tel: link; an admin demotes another admin after confirming, and the last
 * admin has no way to demote; the chart has a day for every day across a gap; All Transactions
 * says its period and agrees with the dashboard; an admin edits and withdraws a policy.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { policyRow } from '../edge-api/src/seed/factories.ts';
import { useAppAndBrowser } from './support/app-server.ts';
import { newContext } from './support/browser.ts';
import { demoUser, insertApplication, insertPayment } from './support/dashboard-data.ts';
import { expectNothingOverflows } from './support/fits.ts';
import { loginAs, queryDb, writeDb } from './support/login.ts';

const app = useAppAndBrowser();
const viewport = { width: 360, height: 740 };

/** A policy for ages 18 to 55, ৳5,00,000 of cover (in poisha) over 7 years, straight into the database. */
function insertPolicy(title: string) {
  const row = policyRow({ title, min_age: 18, max_age: 55, coverage_range: 50_000_000, duration: 7, creation_date: new Date().toISOString() });
  const columns = Object.keys(row);
  writeDb(app.server, `INSERT INTO policies (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`, ...columns.map((c) => (row as Record<string, unknown>)[c]));
  return row;
}

async function phonePage(): Promise<Page> {
  return (await newContext(app.browser, viewport)).newPage();
}

/** What a person taps is on the screen: inside the 360 px width once scrolled to. */
async function expectTappable(target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  expect(box, 'visible').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width + 0.5);
}

/** The text of a definition list's value under a term. */
const valueUnder = (scope: Locator, term: string) => scope.locator(`xpath=.//dt[normalize-space(.)="${term}"]/following-sibling::dd[1]`);

const yearsAgo = (years: number) => `${new Date().getUTCFullYear() - years}-01-01`;

describe('the staff’s everyday screens at 360x740', () => {
  it('a quote from a policy starts with its coverage and term, and an applicant of 70 is refused with a clear message', async () => {
    const policy = insertPolicy('Shasthya Shield 18-55');
    const page = await phonePage();
    await loginAs(page, app.server, 'user', `/policies/${policy.id}`);
    await page.getByRole('heading', { name: 'Shasthya Shield 18-55' }).waitFor();
    const quote = page.getByRole('link', { name: 'Get a Quote' });
    await expectTappable(quote);
    await quote.click();
    await page.getByRole('heading', { name: 'Get a Free Quote' }).waitFor();
    const coverage = page.getByLabel('Coverage amount (৳)');
    await expect.poll(() => coverage.inputValue()).toBe('500000');
    expect(await page.getByLabel('Duration (years)').inputValue()).toBe('7');
    // Only the policy's own term or shorter is offered.
    expect(await page.getByLabel('Duration (years)').locator('option').allInnerTexts()).toEqual(['Choose a term', '3 years', '5 years', '7 years']);
    await page.getByText('This policy is for ages 18 to 55.').waitFor();

    await page.getByLabel('Age', { exact: true }).fill('70');
    await page.getByRole('button', { name: 'Calculate Premium' }).click();
    await page.getByText('This policy is for ages 18 to 55. At 70, the applicant is too old for it.').waitFor();
    // Still changeable within its limits: more cover than the policy's is refused, less is taken.
    await page.getByLabel('Age', { exact: true }).fill('35');
    await coverage.fill('900000');
    await page.getByRole('button', { name: 'Calculate Premium' }).click();
    await page.getByText('This policy covers at most ৳5,00,000.').waitFor();
    await coverage.fill('300000');
    await page.getByRole('button', { name: 'Calculate Premium' }).click();
    const apply = page.getByRole('button', { name: 'Apply for Policy' });
    await expectTappable(apply);
    await apply.click();

    await page.getByRole('heading', { name: 'Apply for a Policy' }).waitFor();
    await page.getByText('This policy is for ages 18 to 55.').waitFor();
    await page.getByLabel('Date of birth').fill(yearsAgo(70));
    await page.getByLabel('Address').fill('House 3, Road 9, Khulna');
    await page.getByLabel('NID number').fill('1956123456789');
    await page.getByLabel('Nominee name').fill('Rokeya Begum');
    await page.getByLabel("Nominee's NID").fill('1958123456789');
    await page.getByLabel('Relationship with nominee').selectOption('Spouse');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    const refusal = page.getByText(/This policy is for ages 18 to 55\. At (69|70), the applicant is too old for it\./);
    await refusal.waitFor();
    await expectTappable(page.getByLabel('Date of birth'));
    expect(queryDb(app.server, 'SELECT id FROM applications WHERE policy_id = ?', policy.id)).toEqual([]);
    await expectNothingOverflows(page, 'Apply for a Policy');
    await page.context().close();
  });

  it("the agent's claim dialog shows the NID under NID and the policy's coverage; a rejection's reason reaches the customer", async () => {
    const policy = insertPolicy('Nirapod Cover 18-55');
    const customer = demoUser(app.server);
    const claim = insertApplication(app.server, customer, {
      name: 'Shirin Akter',
      policy_id: policy.id,
      policy_name: policy.title,
      category: 'Term Life',
      nid: '1980000000000',
      phone: '+880 1711 555001',
      nominee_name: 'Karim Akter',
      relationship: 'Spouse',
      health_conditions: JSON.stringify(['Diabetes']),
      date_of_birth: yearsAgo(40),
      status: 'assigned',
      assigned_agent: 'agent@demo.local',
      assigned_at: new Date().toISOString(),
      applied_at: new Date(Date.now() - 86_400_000).toISOString(),
    });

    const page = await phonePage();
    await loginAs(page, app.server, 'agent', '/dashboard/assignedCustomers');
    await page.getByRole('heading', { name: 'Assigned Customers' }).waitFor();
    const call = page.getByRole('link', { name: 'Call Shirin Akter on +880 1711 555001' });
    await call.waitFor();
    expect(await call.getAttribute('href')).toBe('tel:+8801711555001');
    await expectTappable(call);
    // One word for a status, on every screen.
    const row = page.getByRole('row').filter({ hasText: 'Shirin Akter' });
    expect(await row.innerText()).toContain('Assigned');

    await page.goto(`${app.server.url}/dashboard/agentPolicyClearance`);
    const view = page.getByRole('button', { name: "View Details of Shirin Akter's claim" });
    await expectTappable(view);
    await view.click();
    const dialog = page.getByRole('dialog', { name: 'Policy Claim Details' });
    expect(await valueUnder(dialog, 'NID').innerText()).toBe('1980000000000');
    await expect.poll(() => valueUnder(dialog, 'Coverage').innerText()).toBe('৳5,00,000');
    expect(await valueUnder(dialog, 'Age').innerText()).toMatch(/^(39|40) \(born /);
    expect(await valueUnder(dialog, 'Health declaration').innerText()).toBe('Diabetes');
    expect(await valueUnder(dialog, 'Nominee').innerText()).toBe('Karim Akter (Spouse)');
    expect(await valueUnder(dialog, 'Ages covered').innerText()).toBe('18 to 55');

    await dialog.getByRole('button', { name: 'Reject' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    const yes = confirm.getByRole('button', { name: 'Yes, reject it!' });
    await expectTappable(yes);
    await yes.click();
    await confirm.getByText('Please choose a reason: the customer will read it.').waitFor();
    await confirm.getByLabel('Reason for rejecting').selectOption({ label: 'Health declaration' });
    await confirm.getByLabel('A note for the customer (optional)').fill('Diabetes needs a medical report first.');
    await yes.click();
    await page.getByRole('dialog', { name: 'Rejected!' }).getByRole('button', { name: 'OK' }).click();
    await expect
      .poll(() => queryDb(app.server, 'SELECT status, rejection_reason, rejection_note FROM applications WHERE id = ?', claim.id)[0])
      .toEqual({ status: 'rejected', rejection_reason: 'health', rejection_note: 'Diabetes needs a medical report first.' });
    await page.context().close();

    const own = await phonePage();
    await loginAs(own, app.server, 'user', '/dashboard/myApplication');
    await own.getByRole('heading', { name: 'My Policies' }).waitFor();
    const mine = own.getByRole('row').filter({ hasText: 'Nirapod Cover 18-55' });
    await expect.poll(() => mine.innerText(), { timeout: 15_000 }).toContain('Reason: Health declaration.');
    expect(await mine.innerText()).toContain('Diabetes needs a medical report first.');
    expect(await mine.innerText()).toContain('Rejected');
    await own.context().close();
  });

  it('an admin returns another admin to user after confirming; the last admin is offered no way to be demoted', async () => {
    writeDb(app.server, `INSERT INTO users (id, email, name, role, created_at) VALUES (?, ?, ?, 'admin', ?)`, crypto.randomUUID(), 'second.admin@demo.local', 'Second Admin', new Date().toISOString());
    const page = await phonePage();
    await loginAs(page, app.server, 'admin', '/dashboard/makeAdmin');
    const admins = page.getByRole('region', { name: 'Current admins' });
    await admins.getByText('Second Admin', { exact: true }).waitFor();
    const demote = page.getByRole('button', { name: 'Return Second Admin to user' });
    await expectTappable(demote);
    await demote.click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.getByText('Return Second Admin (second.admin@demo.local) to user? They will no longer be an admin.').waitFor();
    await confirm.getByRole('button', { name: 'Yes, make user' }).click();
    await admins.getByText('Second Admin', { exact: true }).waitFor({ state: 'detached' });
    expect(queryDb(app.server, `SELECT role FROM users WHERE email = 'second.admin@demo.local'`)).toEqual([{ role: 'user' }]);
    expect(queryDb(app.server, `SELECT from_value, to_value FROM audit_log WHERE action = 'role.change' ORDER BY id DESC LIMIT 1`)).toEqual([{ from_value: 'admin', to_value: 'user' }]);
    // The one admin left: listed as "you", with nothing to demote.
    await admins.getByText('(you)').waitFor();
    expect(await admins.getByRole('button').count()).toBe(0);

    // Making an admin names the person before anything changes.
    await page.getByLabel('User Email').fill('second.admin@demo.local');
    await page.getByRole('button', { name: 'Make Admin' }).click();
    await confirm.getByText('Make Second Admin (second.admin@demo.local) an admin?', { exact: false }).waitFor();
    expect(queryDb(app.server, `SELECT role FROM users WHERE email = 'second.admin@demo.local'`)).toEqual([{ role: 'user' }]);
    await confirm.getByRole('button', { name: 'Yes, make admin' }).click();
    await admins.getByText('Second Admin', { exact: true }).waitFor();
    expect(queryDb(app.server, `SELECT role FROM users WHERE email = 'second.admin@demo.local'`)).toEqual([{ role: 'admin' }]);
    await expectNothingOverflows(page, 'Make Admin');
    await page.context().close();
  });

  it('the chart has a day for every day across a gap; All Transactions says its period and agrees with the dashboard', async () => {
    const customer = demoUser(app.server);
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
    insertPayment(app.server, customer, { policyName: 'Gap Plan', amountMinor: 5000, paidAt: daysAgo(10) });
    insertPayment(app.server, customer, { policyName: 'Gap Plan', amountMinor: 5000, paidAt: daysAgo(0) });
    const payments = Number(queryDb<{ n: number }>(app.server, 'SELECT count(*) AS n FROM payments WHERE refunded_at IS NULL')[0]?.n);

    const page = await phonePage();
    await loginAs(page, app.server, 'admin', '/dashboard');
    const card = (label: string) => page.getByRole('listitem').filter({ hasText: label }).locator('.stat-card__value');
    await expect.poll(() => card('Total Payments').innerText()).toBe(String(payments));

    await page.goto(`${app.server.url}/dashboard/adminTransactions`);
    await page.getByText('Showing all payments, since the first.').waitFor();
    await expect.poll(() => card('Total Transactions').innerText()).toBe(String(payments));

    // From ten days ago to today: eleven days on the axis, the nine without income at ৳0.00.
    await page.getByLabel('User Email').fill(customer.email);
    const from = daysAgo(10).slice(0, 10);
    await page.getByLabel('From Date').fill(from);
    await page.getByText(/^Showing payments from .+ to today\.$/).waitFor();
    const chart = page.getByRole('img', { name: /Bar chart of income in taka per day, 11 days\./ });
    await chart.waitFor();
    const perDay = page.getByRole('table', { name: 'Income per day' });
    await expect.poll(() => perDay.getByRole('row').count()).toBe(12);
    const incomes = (await perDay.locator('tbody tr td:last-child').allInnerTexts()).map((text) => text.trim());
    expect(incomes.filter((text) => text === '৳0.00')).toHaveLength(9);
    expect(incomes[0]).toBe('৳50.00');
    expect(incomes.at(-1)).toBe('৳50.00');

    // Reset Filters goes back to every payment, and says so.
    const reset = page.getByRole('button', { name: 'Reset Filters' });
    await expectTappable(reset);
    await reset.click();
    await page.getByText('Showing all payments, since the first.').waitFor();
    expect(await page.getByLabel('From Date').inputValue()).toBe('');
    await page.context().close();
  });

  it('an admin edits a policy and withdraws another; the withdrawn one leaves the catalogue, its applications keep it', async () => {
    const kept = insertPolicy('Edit Me Plan');
    const gone = insertPolicy('Withdraw Me Plan');
    const customer = demoUser(app.server);
    const application = insertApplication(app.server, customer, { policy_id: gone.id, policy_name: gone.title });

    const page = await phonePage();
    await loginAs(page, app.server, 'admin', '/dashboard/addPolicy');
    const search = page.getByLabel('Find a policy by title');
    await search.fill('Me Plan');
    const edit = page.getByRole('button', { name: 'Edit Edit Me Plan' });
    await edit.waitFor({ timeout: 15_000 });
    await expectTappable(edit);
    await edit.click();
    await page.getByText('Editing Edit Me Plan.', { exact: false }).waitFor();
    expect(await page.getByLabel('Maximum Age').inputValue()).toBe('55');
    await page.getByLabel('Policy Title').fill('Edited Plan 18-55');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect.poll(() => queryDb(app.server, 'SELECT title FROM policies WHERE id = ?', kept.id)[0]).toEqual({ title: 'Edited Plan 18-55' });

    const withdraw = page.getByRole('button', { name: 'Withdraw Withdraw Me Plan' });
    await expectTappable(withdraw);
    await withdraw.click();
    await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes, withdraw it' }).click();
    await withdraw.waitFor({ state: 'detached', timeout: 15_000 });
    const catalogue = (await (await fetch(`${app.server.url}/api/policies`)).json()) as { id: string; title: string }[];
    expect(catalogue.map((p) => p.id)).not.toContain(gone.id);
    expect(catalogue.find((p) => p.id === kept.id)?.title).toBe('Edited Plan 18-55');
    expect(queryDb(app.server, 'SELECT policy_id FROM applications WHERE id = ?', application.id)).toEqual([{ policy_id: gone.id }]);
    await expectNothingOverflows(page, 'Add Policy');
    // Its own page, where an application links, says so and offers no quote.
    await page.goto(`${app.server.url}/policies/${gone.id}`);
    await page.getByText('This policy has been withdrawn: it takes no new applications.', { exact: false }).waitFor();
    expect(await page.getByRole('link', { name: 'Get a Quote' }).count()).toBe(0);
    await page.context().close();
  });
});
