/**
 * The sync pull carries premiums and service requests (issues 49 and 51), at 360x740: a customer
 * signs in, the phone syncs, goes offline WITHOUT having opened the premiums page, and the page
 * shows the policy's state and dues worked out on the phone, and the change requests list shows
 * theirs; an agent's Collections list, never opened online, shows an assigned customer's dues
 * offline (a policy decided long ago), and their change requests list the customer's request.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from './support/browser.ts';
import { expectFullyOnScreen, expectNothingOverflows } from './support/fits.ts';
import { insertPolicyInForce, insertRow } from './support/dashboard-data.ts';
import { offlineJourney, openReadyForOffline } from './support/offline.ts';

const journey = offlineJourney();
const viewport = { width: 360, height: 740 };

/** A monthly policy in force of the demo customer, begun `startedDaysAgo` days ago, with a pending request for a duplicate certificate. */
function policyWithRequest(title: string, startedDaysAgo: number, agent: string | null) {
  const row = insertPolicyInForce(journey.server, { title, startedDaysAgo, agent });
  insertRow(journey.server, 'service_requests', {
    id: `e2e-sr-${crypto.randomUUID()}`,
    application_id: row.id,
    user_id: row.user_id,
    kind: 'duplicate_certificate',
    changes: {},
    status: 'pending',
    created_at: new Date().toISOString(),
  });
  return { id: row.id as string, policyNumber: row.policy_number as string };
}

/** Opens `path` with the network off, from the worker's copy of the app; navigator.onLine must say so. */
async function openOffline(page: Page, path: string) {
  await page.context().setOffline(true);
  await page.goto(`${journey.server.url}${path}`);
  if (await page.evaluate(() => navigator.onLine)) {
    // Chromium's emulation can leave onLine true in a document loaded offline (support/offline.ts reloadOffline).
    await page.context().setOffline(false);
    await page.context().setOffline(true);
  }
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

describe('premiums and change requests from the sync pull, offline at 360x740', () => {
  it("a customer's premiums page and change requests, never opened online, show offline", async () => {
    const title = `E2E Synced Shield ${crypto.randomUUID().slice(0, 6)}`;
    // In grace: the first due, 20 days ago, is unpaid; the next comes in about ten days.
    const policy = policyWithRequest(title, 20, null);
    const { context, page } = await openReadyForOffline(journey, { role: 'user', path: '/dashboard', viewport });
    try {
      await openOffline(page, `/dashboard/premiums/${policy.id}`);
      const summary = page.locator('.premiums__summary');
      await summary.getByText(title).waitFor({ timeout: 30_000 });
      await summary.getByText('In grace', { exact: true }).waitFor();
      await summary.getByText(policy.policyNumber).waitFor();
      await summary.getByText("Shown from this device's copy. It updates when you are online.").waitFor();
      // The dues to pay: the overdue one chosen, ৳600.00 each.
      const boxes = page.locator('.premiums__pay input[type="checkbox"]');
      await expect.poll(() => boxes.count()).toBeGreaterThan(1);
      expect(await boxes.nth(0).isChecked()).toBe(true);
      await expect.poll(() => page.locator('.premiums__pay').textContent()).toContain('600.00');
      await expectFullyOnScreen(page, boxes.nth(0), 'the first due');
      await expectNothingOverflows(page, 'premiums from the sync pull');

      await openOffline(page, '/dashboard/serviceRequests');
      await page.getByRole('heading', { level: 1, name: 'My change requests' }).waitFor();
      await page.getByText(policy.policyNumber).first().waitFor({ timeout: 30_000 });
      await page.getByText('A duplicate certificate').first().waitFor();
      await expectNothingOverflows(page, 'change requests from the sync pull');
    } finally {
      await context.close();
    }
  });

  it("an agent's Collections list and change requests, never opened online, show an assigned customer's dues offline", async () => {
    const title = `E2E Synced Round ${crypto.randomUUID().slice(0, 6)}`;
    // Decided 100 days ago (outside an agent's month of decisions): lapsed, its arrears to collect.
    const policy = policyWithRequest(title, 100, 'agent@demo.local');
    const { context, page } = await openReadyForOffline(journey, { role: 'agent', path: '/dashboard', viewport });
    try {
      await openOffline(page, '/dashboard/collections');
      await page.getByRole('heading', { level: 1, name: 'Collections' }).waitFor();
      const card = page.locator('.collections__item').filter({ hasText: title });
      await card.waitFor({ timeout: 30_000 });
      await card.getByText('Lapsed', { exact: true }).waitFor();
      await page.getByText("Shown from this device's copy. It updates when you are online.").waitFor();
      // Every due in arrears (four, ৳600.00 each) is there to collect.
      await expect.poll(() => card.locator('input[type="checkbox"]').count()).toBeGreaterThanOrEqual(4);
      await expect.poll(() => card.textContent()).toContain('600.00');
      await expectFullyOnScreen(page, card.locator('input[type="checkbox"]').first(), 'the first due');
      await expectNothingOverflows(page, 'collections from the sync pull');

      await openOffline(page, '/dashboard/serviceRequests');
      await page.getByRole('heading', { level: 1, name: 'Change requests' }).waitFor();
      await page.getByText(policy.policyNumber).first().waitFor({ timeout: 30_000 });
      await page.getByText('A duplicate certificate').first().waitFor();
    } finally {
      await context.close();
    }
  });
});
