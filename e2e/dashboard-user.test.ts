/**
 * A customer's dashboard: apply for a policy and find it in My Policies, delete it again (the
 * server no longer holds it), the profile with its password change, and the agent request.
 */
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { calculateQuote, fillAndSubmitApplication } from './support/application-form.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { newContext } from './support/browser.ts';
import { apiAs, demoEmail, loginAs, queryDb } from './support/login.ts';

const app = useAppAndBrowser();

interface ApplicationRow {
  id: string;
  status: string;
  user_email: string;
  policy_name: string;
  nid: string;
}

const applicationsOf = (email: string) =>
  queryDb<ApplicationRow>(app.server, 'SELECT id, status, user_email, policy_name, nid FROM applications WHERE user_email = ?', email);

describe("a customer's dashboard", () => {
  it('applies for a policy, finds it in My Policies, opens it, and deletes it', async () => {
    const page = await (await newContext(app.browser)).newPage();
    await loginAs(page, app.server, 'user', '/dashboard/myApplication');
    await page.getByRole('heading', { name: 'My Policies' }).waitFor();
    const before = applicationsOf(demoEmail('user')).length;

    // The public site's quote and application form.
    await page.goto(`${app.server.url}/get-quote`);
    await calculateQuote(page, { age: '34', coverage: '500000', years: '10' });
    await page.getByRole('button', { name: 'Apply for Policy' }).click();
    await page.getByRole('heading', { name: 'Apply for a Policy' }).waitFor();
    const policySelect = page.getByLabel('Policy', { exact: true });
    await expect.poll(() => policySelect.locator('option').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    const policyName = 'Krishok Life Cover';
    await policySelect.selectOption({ label: policyName });
    await fillAndSubmitApplication(page, { address: 'House 3, Road 9, Banani, Dhaka', nid: '1987654321012', nominee: 'Karim Uddin', relationship: 'Sibling', healthy: true });

    // Back on My Policies: the new application, pending, with no agent yet.
    await page.getByRole('heading', { name: 'My Policies' }).waitFor();
    await expect.poll(() => applicationsOf(demoEmail('user')).length, { timeout: 15_000 }).toBe(before + 1);
    const created = applicationsOf(demoEmail('user')).find((row) => row.nid === '1987654321012');
    expect(created).toMatchObject({ status: 'pending', policy_name: policyName });
    const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Delete application for ${policyName}` }) });
    await row.waitFor({ timeout: 15_000 });
    expect(await row.getByRole('cell').nth(1).innerText()).toContain('Pending');
    // Columns: policy, status, monthly premium, the policy's state (issue 49), coverage, agent, ...
    expect(await row.getByRole('cell').nth(3).innerText()).toBe('—');
    expect(await row.getByRole('cell').nth(5).innerText()).toBe('Not Assigned');
    expect(await row.getByRole('link', { name: `Pay for ${policyName}` }).getAttribute('href')).toBe(`/dashboard/payment/${created!.id}`);
    // The demo's application already with an agent: its agent shown by name, no delete any more.
    const assigned = page.getByRole('row').filter({ hasText: 'Tanvir Ahmed' });
    expect(await assigned.getByRole('button', { name: /Delete/ }).count()).toBe(0);
    // At 360 px the table scrolls inside its box; the page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page, 'My Policies');

    // The application view: all its fields.
    await row.getByRole('link', { name: policyName, exact: true }).click();
    await page.getByRole('heading', { name: 'Application' }).waitFor();
    await page.getByText('1987654321012').waitFor();
    await page.getByText('Karim Uddin').waitFor();
    await expectNoAxeViolations(page, 'Application view');
    await page.getByRole('link', { name: '← My Policies' }).click();

    // Delete, confirmed in an accessible dialog.
    const deleteButton = page.getByRole('button', { name: `Delete application for ${policyName}` });
    await deleteButton.click();
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
    await dialog.waitFor();
    await expectNoAxeViolations(page, 'delete confirmation');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Delete application for ${policyName}`);
    expect(applicationsOf(demoEmail('user')).some((r) => r.id === created!.id)).toBe(true);

    await deleteButton.click();
    await dialog.getByRole('button', { name: 'Yes, delete it!' }).click();
    await page.getByRole('status').filter({ hasText: 'Deleted!' }).waitFor();
    await deleteButton.waitFor({ state: 'detached', timeout: 15_000 });
    await expect.poll(() => applicationsOf(demoEmail('user')).some((r) => r.id === created!.id), { timeout: 15_000 }).toBe(false);
    await page.context().close();
  });

  it('shows the profile (role read-only) and changes the password', async () => {
    const page = await (await newContext(app.browser)).newPage();
    await loginAs(page, app.server, 'user', '/dashboard/profile');
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    await page.getByText(demoEmail('user')).waitFor();
    const facts = page.locator('.profile__facts');
    expect(await facts.innerText()).toMatch(/Role\s+user/);
    expect(await page.locator('.profile__card input').count()).toBe(0);
    await expectNoAxeViolations(page, 'My Profile');

    const submit = page.getByRole('button', { name: 'Update Password' });
    await page.getByLabel('Current Password').fill('demo1234');
    await page.getByLabel('New Password', { exact: true }).fill('abc');
    await page.getByLabel('Confirm New Password').fill('abc');
    await submit.click();
    await page.getByText('Password must be at least 6 characters').waitFor();
    await page.getByLabel('New Password', { exact: true }).fill('better-secret-1');
    await page.getByLabel('Confirm New Password').fill('better-secret-2');
    await submit.click();
    await page.getByText('Passwords do not match.').waitFor();
    await expectNoAxeViolations(page, 'password errors');

    await page.getByLabel('Current Password').fill('not-my-password');
    await page.getByLabel('Confirm New Password').fill('better-secret-1');
    await submit.click();
    await page.getByRole('alert').filter({ hasText: 'Your current password is incorrect.' }).waitFor();

    await page.getByLabel('Current Password').fill('demo1234');
    await submit.click();
    await page.getByRole('status').filter({ hasText: 'Password updated successfully.' }).waitFor();
    expect(await page.getByLabel('Current Password').inputValue()).toBe('');

    // The server holds the new password; this device stays signed in.
    const withNew = await fetch(`${app.server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: demoEmail('user'), password: 'better-secret-1' }),
    });
    expect(withNew.status).toBe(200);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'My Policies', exact: true }).click();
    await page.getByRole('heading', { name: 'My Policies' }).waitFor();
    await page.getByRole('cell', { name: 'Shishu Shikkha Education Plan', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/myApplication');

    // Put the demo password back for the other tests.
    const restore = await fetch(`${app.server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: demoEmail('user'), password: 'better-secret-1' }),
    });
    const { accessToken } = (await restore.json()) as { accessToken: string };
    const back = await fetch(`${app.server.url}/api/auth/password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ oldPassword: 'better-secret-1', newPassword: 'demo1234', confirmPassword: 'demo1234' }),
    });
    expect(back.status).toBe(200);
    await page.context().close();
  });

  it('asks to become an agent: login first, the required fields, then the request the admin sees', async () => {
    const visitor = await (await newContext(app.browser)).newPage();
    await visitor.goto(`${app.server.url}/requestAgent`);
    await visitor.getByRole('heading', { name: 'Become an Agent' }).waitFor();
    await visitor.getByRole('button', { name: 'Submit Request' }).click();
    await visitor.getByText('Please login first to submit request').waitFor();
    await visitor.context().close();

    const page = await (await newContext(app.browser)).newPage();
    await loginAs(page, app.server, 'user', '/dashboard');
    await page.goto(`${app.server.url}/requestAgent`);
    await page.getByRole('heading', { name: 'Become an Agent' }).waitFor();
    const email = page.getByLabel('Email');
    await expect.poll(() => email.inputValue()).toBe(demoEmail('user'));
    expect(await email.getAttribute('readonly')).not.toBeNull();
    await page.getByLabel('Name').fill('');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    for (const message of ['Name is required', 'Phone is required', 'NID is required', 'District is required']) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    await expectNoAxeViolations(page, 'agent request errors');

    await page.getByLabel('Name').fill('Rahim Uddin');
    await page.getByLabel('Phone').fill('+880 1711 000111');
    await page.getByLabel('NID').fill('1990111222333');
    await page.getByLabel('District').selectOption('Khulna');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await page.locator('.form-message--success').filter({ hasText: 'Your request to become an agent has been submitted.' }).waitFor();

    const admin = await apiAs(app.server, 'admin');
    const requests = await admin.json<{ email: string; district: string; status: string }[]>('/api/agents/all');
    expect(requests.find((request) => request.email === demoEmail('user'))).toMatchObject({ district: 'Khulna', status: 'pending' });

    // A second request while one waits: the server's reason is shown.
    await page.getByLabel('Phone').fill('+880 1711 000111');
    await page.getByLabel('NID').fill('1990111222333');
    await page.getByLabel('District').selectOption('Khulna');
    await page.getByRole('button', { name: 'Submit Request' }).click();
    await page.getByRole('alert').filter({ hasText: 'You already have an agent request waiting for review.' }).waitFor();
    await page.context().close();
  });
});
