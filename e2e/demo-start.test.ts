/**
 * A fresh start with the full demo (as `npm start` fills it): each role's dashboard screens
 * show data, at 360x740 and at 1280x900, and axe finds nothing on any of them.
 */
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { newContext, type Page } from './support/browser.ts';
import { loginAs, type DemoRole } from './support/login.ts';

const app = useAppAndBrowser({ seed: 'full' });

const sizes = [
  { name: '360 px', width: 360, height: 740 },
  { name: '1280 px', width: 1280, height: 900 },
];

interface Screen {
  path: string;
  heading: string;
  /** What shows that the screen has data. */
  hasData: (page: Page) => Promise<unknown>;
}

const atLeast = (page: Page, selector: ReturnType<Page['locator']>, n: number) =>
  expect.poll(() => selector.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(n);

const screens: Record<DemoRole, Screen[]> = {
  user: [
    { path: '/dashboard/myApplication', heading: 'My Policies', hasData: (page) => atLeast(page, page.locator('tbody tr'), 4) },
    // Insurance claims (issue 31): the demo user's own and one as a nominee.
    { path: '/dashboard/claims', heading: 'My Claims', hasData: (page) => atLeast(page, page.locator('.claim-card'), 2) },
  ],
  agent: [
    { path: '/dashboard/agentPolicyClearance', heading: 'Policy Claims Clearance', hasData: (page) => atLeast(page, page.getByRole('button', { name: /^View Details of / }), 3) },
    { path: '/dashboard/assignedCustomers', heading: 'Assigned Customers', hasData: (page) => atLeast(page, page.locator('tbody tr'), 5) },
    { path: '/dashboard/manageBlogs', heading: 'Manage Blogs', hasData: (page) => atLeast(page, page.getByRole('button', { name: /^Delete/ }), 1) },
    { path: '/dashboard/claims', heading: 'Claims to Clear', hasData: (page) => atLeast(page, page.locator('.claim-card'), 2) },
  ],
  admin: [
    {
      path: '/dashboard',
      heading: 'Admin Dashboard',
      hasData: (page) => expect.poll(() => page.getByRole('listitem').filter({ hasText: 'Total Payments' }).innerText(), { timeout: 15_000 }).toMatch(/[1-9]/),
    },
    { path: '/dashboard/manageApplications', heading: 'Manage Applications', hasData: (page) => atLeast(page, page.getByRole('button', { name: /^Assign / }), 10) },
    { path: '/dashboard/manageAgent', heading: 'Manage Agents', hasData: (page) => atLeast(page, page.getByRole('button', { name: /^Approve / }), 2) },
    {
      path: '/dashboard/adminTransactions',
      heading: 'Transaction Dashboard',
      hasData: async (page) => {
        await page.getByRole('img', { name: /Bar chart of income/ }).waitFor({ timeout: 15_000 });
        expect(await page.getByText('No transactions found matching your filters').count()).toBe(0);
      },
    },
    { path: '/dashboard/auditLog', heading: 'Audit Log', hasData: (page) => atLeast(page, page.locator('tbody tr'), 10) },
    {
      path: '/dashboard/claims',
      heading: 'Claims',
      hasData: async (page) => {
        await atLeast(page, page.locator('.claim-card'), 6);
        await page.getByText(/Overdue claims: [1-9]/).waitFor({ timeout: 15_000 });
      },
    },
  ],
};

describe('a fresh demo start', () => {
  for (const role of ['user', 'agent', 'admin'] as const) {
    it(`shows the ${role}'s screens with data, and axe finds nothing at 360 and 1280 px`, async () => {
      for (const size of sizes) {
        const page = await (await newContext(app.browser, size)).newPage();
        await loginAs(page, app.server, role, screens[role][0]!.path);
        for (const screen of screens[role]) {
          await page.goto(`${app.server.url}${screen.path}`);
          await page.getByRole('heading', { name: screen.heading, level: 1 }).waitFor({ timeout: 15_000 });
          await screen.hasData(page);
          await expectNoAxeViolations(page, `${screen.heading} at ${size.name}`);
        }
        await page.context().close();
      }
    });
  }
});
