/**
 * Assigned Customers with a long history (issue 17, decision 0060): online the server pages and
 * searches every customer ever assigned to the agent; offline the screen pages the device's copy,
 * which holds the claims in flight and a month of decisions, not the old ones.
 */
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { newContext } from './support/browser.ts';
import { demoUser, insertApplication } from './support/dashboard-data.ts';
import { loginAs, queryDb } from './support/login.ts';
import { waitForLocalCopy } from './support/offline.ts';

const shared = useAppAndBrowser();
const day = 86_400_000;

describe('Assigned Customers with a long history', () => {
  it('pages and searches on the server online, and shows the bounded device copy offline', async () => {
    const { server, browser } = shared;
    const customer = demoUser(server);
    // 45 decided a year ago, 3 still waiting.
    for (let n = 1; n <= 48; n += 1) {
      const old = n <= 45;
      const when = new Date(Date.now() - (old ? 365 - n : 1) * day).toISOString();
      insertApplication(server, customer, {
        name: old ? `Old Customer ${n}` : `Waiting Customer ${n}`,
        status: old ? 'approved' : 'assigned',
        assigned_agent: 'agent@demo.local',
        assigned_at: when,
        applied_at: when,
        decided_at: old ? when : null,
      });
    }
    const total = queryDb<{ n: number }>(server, "SELECT count(*) AS n FROM applications WHERE assigned_agent = 'agent@demo.local'")[0]!.n;
    expect(total).toBeGreaterThanOrEqual(48);

    const page = await (await newContext(browser, { width: 1280, height: 900 })).newPage();
    await loginAs(page, server, 'agent', '/dashboard/assignedCustomers');
    const nav = page.getByRole('navigation', { name: 'Assigned customers pages' });
    const rows = page.getByRole('table', { name: 'Customers assigned to you' }).locator('tbody tr');
    await nav.getByText(`1–20 of ${total} · Page 1 of ${Math.ceil(total / 20)}`).waitFor();
    expect(await rows.count()).toBe(20);
    await nav.getByRole('button', { name: 'Next' }).click();
    await nav.getByText(`21–40 of ${total}`).waitFor();
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('old customer 7');
    await nav.getByText('1–1 of 1 ').waitFor();
    expect(await rows.first().innerText()).toContain('Old Customer 7');

    // Offline: the device's copy, without the decisions of a year ago.
    await waitForLocalCopy(page);
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('');
    await page.context().setOffline(true);
    await page.getByText('Offline: the customers saved on this device').waitFor();
    await expect.poll(() => rows.allInnerTexts()).toEqual(expect.arrayContaining([expect.stringContaining('Waiting Customer 48')]));
    const offline = await rows.allInnerTexts();
    expect(offline.length).toBeLessThan(total);
    expect(offline.some((text) => text.includes('Old Customer'))).toBe(false);
    await page.context().close();
  });
});
