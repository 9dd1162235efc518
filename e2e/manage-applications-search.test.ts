/**
 * Manage Applications among 1,200+ applications: the screen shows one page (20 rows, a DOM that
 * does not grow with the data), finds one applicant by name on the server, filters by status
 * and policy together, and pages with Next.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { newContext } from './support/browser.ts';
import { demoUser } from './support/dashboard-data.ts';
import { loginAs, queryDb, writeDb } from './support/login.ts';

const app = useAppAndBrowser();
const bulk = 1200;

beforeAll(async () => {
  const customer = demoUser(app.server);
  // 1,200 applications in one statement; statuses and plans rotate, one a minute.
  writeDb(
    app.server,
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${bulk})
     INSERT INTO applications (id, user_id, user_email, name, address, nid, nominee_name, relationship, policy_name, status, applied_at)
     SELECT 'bulk-' || i, ?, ?, 'Bulk Applicant ' || i, 'House 12, Dhaka', '1990123456789', 'Nominee Name', 'Spouse',
            'Bulk Plan ' || (i % 7), CASE i % 4 WHEN 0 THEN 'pending' WHEN 1 THEN 'assigned' WHEN 2 THEN 'approved' ELSE 'rejected' END,
            strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || i || ' minutes')
     FROM n`,
    customer.id,
    customer.email,
  );
});

describe('Manage Applications with more than a thousand applications', () => {
  it('shows one page, searches on the server, filters and pages', async () => {
    const total = queryDb<{ n: number }>(app.server, 'SELECT count(*) AS n FROM applications')[0]!.n;
    expect(total).toBeGreaterThan(1000);
    const page = await (await newContext(app.browser, { width: 1280, height: 900 })).newPage();
    await loginAs(page, app.server, 'admin', '/dashboard/manageApplications');
    await page.getByRole('heading', { name: 'Manage Applications' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Applications pages' });
    await nav.getByText(`1–20 of ${total.toLocaleString('en-IN')}`).waitFor();
    const rows = page.getByRole('table', { name: 'All policy applications' }).locator('tbody').getByRole('row');
    expect(await rows.count()).toBe(20);
    const domSize = await page.evaluate(() => document.getElementsByTagName('*').length);
    expect(domSize).toBeLessThan(2500);

    // One applicant among 1,200, found by the server.
    const searches: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/applications/search')) searches.push(url.search);
    });
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('bulk applicant 777');
    await nav.getByText('1–1 of 1 ').waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain('Bulk Applicant 777');
    expect(searches.at(-1)).toContain('q=bulk+applicant+777');

    // Policy and status together.
    const expected = queryDb<{ n: number }>(
      app.server,
      "SELECT count(*) AS n FROM applications WHERE status = 'approved' AND instr(lower(policy_name), 'bulk plan 3') > 0",
    )[0]!.n;
    await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('Bulk Plan 3');
    await page.getByLabel('Status').selectOption('approved');
    await nav.getByText(`of ${expected.toLocaleString('en-IN')} `).waitFor();
    for (const text of await rows.allInnerTexts()) {
      expect(text).toContain('Bulk Plan 3');
      expect(text).toContain('Approved');
    }

    // Next page: the next 20, none of the first page's.
    const firstPage = await rows.allInnerTexts();
    await nav.getByRole('button', { name: 'Next' }).click();
    await nav.getByText(`21–40 of ${expected.toLocaleString('en-IN')}`).waitFor();
    const secondPage = await rows.allInnerTexts();
    expect(secondPage.filter((text) => firstPage.includes(text))).toEqual([]);
    await page.context().close();
  });
});
