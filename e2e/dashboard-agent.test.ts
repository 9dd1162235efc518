/**
 * An agent's dashboard: the overview, clearing two policy claims (one approved, one rejected
 * after its confirmation), the assigned customers, the claims' error state, and blogs.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { newContext } from './support/browser.ts';
import { demoUser, insertApplication } from './support/dashboard-data.ts';
import { loginAs, queryDb, writeDb } from './support/login.ts';

const app = useAppAndBrowser();

const statusOf = (id: string) => queryDb<{ status: string }>(app.server, 'SELECT status FROM applications WHERE id = ?', id)[0]?.status;

/** A decision's outcome dialog: its message, then OK; the claim leaves the list and is stored with `status`. */
async function acknowledgeDecision(page: Page, dialog: string, message: string, row: Locator, id: string, status: string) {
  const outcome = page.getByRole('dialog', { name: dialog });
  await outcome.getByText(message).waitFor();
  await outcome.getByRole('button', { name: 'OK' }).click();
  await row.waitFor({ state: 'detached' });
  await expect.poll(() => statusOf(id)).toBe(status);
}

describe("an agent's dashboard", () => {
  it('approves one claim and rejects another; each leaves the list and the server holds the decision', async () => {
    const customer = demoUser(app.server);
    const now = Date.now();
    const claimA = insertApplication(app.server, customer, {
      name: 'Ayesha Siddika',
      policy_name: 'Nirapod Family Protector',
      category: 'Term Life',
      nid: '1995123400011',
      phone: '+880 1711 555001',
      estimated_premium: 137550,
      status: 'assigned',
      assigned_agent: 'agent@demo.local',
      assigned_at: new Date(now - 3_600_000).toISOString(),
      applied_at: new Date(now - 86_400_000).toISOString(),
    });
    const claimB = insertApplication(app.server, customer, {
      name: 'Babul Mia',
      policy_name: 'Krishok Life Cover',
      category: 'Senior',
      phone: '01811555002',
      status: 'assigned',
      assigned_agent: 'agent@demo.local',
      assigned_at: new Date(now - 7_200_000).toISOString(),
      applied_at: new Date(now - 2 * 86_400_000).toISOString(),
    });

    // Ayesha's number is the one the customer proved with a code (issue 50); Babul's is not.
    writeDb(app.server, 'UPDATE users SET phone = ?, phone_verified_at = ? WHERE id = ?', '+8801711555001', new Date(now).toISOString(), customer.id);

    const page = await (await newContext(app.browser)).newPage();
    await loginAs(page, app.server, 'agent');
    await page.getByRole('heading', { name: 'Agent Dashboard' }).waitFor();
    const awaiting = page.getByRole('listitem').filter({ hasText: 'Awaiting Decision' });
    // The demo's own assigned claim, and the two above.
    await expect.poll(() => awaiting.innerText(), { timeout: 15_000 }).toContain('3');
    await expectNoAxeViolations(page, 'Agent Dashboard');

    await page.getByRole('link', { name: 'Agent Policy Clearance' }).first().click();
    await page.getByRole('heading', { name: 'Policy Claims Clearance' }).waitFor();
    const rowA = page.getByRole('row').filter({ hasText: 'Ayesha Siddika' });
    await rowA.waitFor();
    expect(await rowA.innerText()).toContain('Term Life');
    expect(await rowA.innerText()).toContain('Assigned');
    // At 360 px the table scrolls inside its box; the page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoAxeViolations(page, 'Policy Claims Clearance');

    // Details: applicant and policy information, the NID under "NID" (decision 0081).
    await rowA.getByRole('button', { name: /View Details/ }).click();
    const details = page.getByRole('dialog', { name: 'Policy Claim Details' });
    await details.waitFor();
    const text = await details.innerText();
    for (const expected of ['Applicant Information', 'Ayesha Siddika', '+880 1711 555001', 'Policy Information', 'Term Life', '1995123400011', '৳1,375.50']) {
      expect(text).toContain(expected);
    }
    await expectNoAxeViolations(page, 'claim details dialog');
    await details.getByRole('button', { name: 'Approve' }).click();
    await acknowledgeDecision(page, 'Approved!', 'Policy claim approved successfully.', rowA, claimA.id, 'approved');

    // Reject: confirmed first; Cancel keeps the claim.
    const rowB = page.getByRole('row').filter({ hasText: 'Babul Mia' });
    await rowB.getByRole('button', { name: /View Details/ }).click();
    await details.getByRole('button', { name: 'Reject' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.getByText('Rejecting this claim cannot be undone.').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(statusOf(claimB.id)).toBe('assigned');
    await details.getByRole('button', { name: 'Reject' }).click();
    // Issue 29: a reason the customer will read.
    await confirm.getByLabel('Reason for rejecting').selectOption({ label: 'Documents missing or unclear' });
    await confirm.getByRole('button', { name: 'Yes, reject it!' }).click();
    await acknowledgeDecision(page, 'Rejected!', 'Policy claim rejected.', rowB, claimB.id, 'rejected');

    const audit = queryDb<{ action: string; entity_id: string; actor_email: string }>(
      app.server,
      "SELECT action, entity_id, actor_email FROM audit_log WHERE entity_id IN (?, ?) ORDER BY id",
      claimA.id,
      claimB.id,
    );
    expect(audit).toEqual([
      { action: 'application.approve', entity_id: claimA.id, actor_email: 'agent@demo.local' },
      { action: 'application.reject', entity_id: claimB.id, actor_email: 'agent@demo.local' },
    ]);

    // Assigned Customers keeps everyone assigned, with where each stands.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Assigned Customers' }).click();
    await page.getByRole('heading', { name: 'Assigned Customers' }).waitFor();
    const customerA = page.getByRole('row').filter({ hasText: 'Ayesha Siddika' });
    await customerA.waitFor();
    expect(await customerA.innerText()).toContain('Approved');
    // The agent sees whose number an SMS reaches.
    await expect.poll(() => customerA.innerText()).toContain('Confirmed by code');
    const customerB = page.getByRole('row').filter({ hasText: 'Babul Mia' });
    expect(await customerB.innerText()).toContain('Rejected');
    await expect.poll(() => customerB.innerText()).toContain('Not confirmed: an SMS may not reach them');
    await expectNoAxeViolations(page, 'Assigned Customers');
    await page.context().close();
  });

  it('shows the error banner with Try Again when the claims cannot be loaded, then the list; empty once all are cleared', async () => {
    const page = await (await newContext(app.browser)).newPage();
    await loginAs(page, app.server, 'agent', '/dashboard/profile');
    // Neither the local copy nor the API can answer.
    const fail = (route: { fulfill: (r: object) => Promise<void> }) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'internal', message: 'Boom' }) });
    await page.route('**/api/sync?*', fail);
    await page.route('**/api/applications/assigned/**', fail);
    await page.evaluate(() => indexedDB.deleteDatabase('insurance'));
    await page.goto(`${app.server.url}/dashboard/agentPolicyClearance`);
    const banner = page.getByRole('alert').filter({ hasText: 'Failed to load policy claims. Please try again later.' });
    await banner.waitFor();
    await expectNoAxeViolations(page, 'claims error');

    // The API answers again; the device's copy still cannot fill, so the page's own retries of
    // the pull leave the banner up until Try Again is pressed (they lifted it first in CI once).
    await page.unroute('**/api/applications/assigned/**');
    await banner.getByRole('button', { name: 'Try Again' }).click();
    await banner.waitFor({ state: 'detached' });
    await page.unroute('**/api/sync?*');
    // Only the demo's own claim is still open (the previous test decided the others).
    const open = page.getByRole('row').filter({ hasText: 'user@demo.local' });
    await open.waitFor();
    expect(await open.count()).toBe(1);
    expect(await open.innerText()).toContain('Child');

    await open.getByRole('button', { name: /View Details/ }).click();
    await page.getByRole('dialog', { name: 'Policy Claim Details' }).getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('dialog', { name: 'Approved!' }).getByRole('button', { name: 'OK' }).click();
    await page.getByText('No pending policy claims for clearance.').waitFor();
    await expectNoAxeViolations(page, 'no claims');
    await page.context().close();
  });

  it('writes, edits and deletes a blog', async () => {
    const page = await (await newContext(app.browser)).newPage();
    await loginAs(page, app.server, 'agent', '/dashboard/manageBlogs');
    await page.getByRole('heading', { name: 'Manage Blogs' }).waitFor();
    await page.getByRole('heading', { name: 'My Blogs' }).waitFor();
    const list = page.getByRole('table', { name: 'My Blogs' });
    await list.locator('tbody tr').first().waitFor();
    // Only the agent's own blogs are listed.
    const authors = await list.locator('.manage-blogs__meta').allInnerTexts();
    expect(authors.every((line) => line.startsWith('By Tanvir Ahmed'))).toBe(true);

    await page.getByRole('button', { name: 'Publish Blog' }).click();
    await page.getByText('Title is required').waitFor();
    await page.getByText('Content is required').waitFor();
    await expectNoAxeViolations(page, 'Manage Blogs with errors');

    const title = 'Claims in the rainy season';
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Content').fill('Keep your papers dry.\n\n<b>Not bold</b>: blog content is plain text.');
    await page.getByRole('button', { name: 'Publish Blog' }).click();
    await page.getByRole('status').filter({ hasText: 'Blog created' }).waitFor();
    const item = list.locator('tbody tr').filter({ hasText: title });
    await item.waitFor();
    expect(await item.locator('b').count()).toBe(0);
    expect(await item.innerText()).toContain('<b>Not bold</b>');
    const [stored] = queryDb<{ id: string; author_email: string }>(app.server, 'SELECT id, author_email FROM blogs WHERE title = ?', title);
    expect(stored?.author_email).toBe('agent@demo.local');

    await item.getByRole('button', { name: `Edit ${title}` }).click();
    await page.getByRole('heading', { name: 'Edit Blog' }).waitFor();
    await page.getByLabel('Title').fill(`${title}, updated`);
    await page.getByRole('button', { name: 'Update Blog' }).click();
    await page.getByRole('status').filter({ hasText: 'Blog updated' }).waitFor();
    await expect.poll(() => queryDb<{ title: string }>(app.server, 'SELECT title FROM blogs WHERE id = ?', stored!.id)[0]?.title).toBe(`${title}, updated`);

    const updated = list.locator('tbody tr').filter({ hasText: `${title}, updated` });
    await updated.getByRole('button', { name: `Delete ${title}, updated` }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.getByRole('button', { name: 'Yes, delete it!' }).click();
    await page.getByRole('status').filter({ hasText: 'Blog deleted' }).waitFor();
    await updated.waitFor({ state: 'detached' });
    expect(queryDb(app.server, 'SELECT id FROM blogs WHERE id = ?', stored!.id)).toEqual([]);
    await page.context().close();
  });
});
