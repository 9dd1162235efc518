/**
 * The dashboard's guard: sign-in needed (and the way back after it), role-only screens, the
 * sidebar per role at phone width, and what happens when the session ends while inside.
 */
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { newContext, type Page } from './support/browser.ts';
import { demoEmail, demoPassword, loginAs, type DemoRole } from './support/login.ts';
import { fillCredentials } from './support/public-site.ts';

const app = useAppAndBrowser();

async function signedInPage(role: DemoRole, target = '/dashboard') {
  const context = await newContext(app.browser);
  const page = await context.newPage();
  await loginAs(page, app.server, role, target);
  return page;
}

/** Runs `check` for each row of a table (a role first) on a page of its own, signed in as that role at `target`. */
async function forEachRole<Row extends [DemoRole, ...unknown[]]>(rows: Row[], check: (page: Page, ...row: Row) => Promise<void>, target?: string) {
  for (const row of rows) {
    const page = await signedInPage(row[0], target);
    await check(page, ...row);
    await page.context().close();
  }
}

describe('the dashboard guard', () => {
  it('sends a visitor to /login and, after signing in, back to the screen they asked for', async () => {
    const page = await (await newContext(app.browser)).newPage();
    await page.goto(`${app.server.url}/dashboard/profile`);
    // The message comes as the page moves, and stays a few seconds: look for it first.
    await page.getByRole('status').filter({ hasText: 'Please login to view dashboard.' }).waitFor();
    await page.getByRole('heading', { name: 'Login', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    // The sign-in form settles (its Google option asks the server) before typing into it.
    await fillCredentials(page, demoEmail('user'), demoPassword);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/profile');
    await page.context().close();
  });

  it("keeps the dashboards' code out of the public pages' first load", async () => {
    const page = await (await newContext(app.browser)).newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(app.server.url);
    await page.getByRole('navigation', { name: 'Main', includeHidden: true }).waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    const dashboardChunks = /\/(dashboard-layout|role-index|require-role|my-applications-page|policy-clearance-page|agent-dashboard|admin-dashboard|transactions-page|uPlot)[-.]/;
    expect(scripts.filter((path) => dashboardChunks.test(path))).toEqual([]);
    // ...and they load when the dashboard opens.
    await loginAs(page, app.server, 'admin', '/dashboard/adminTransactions');
    await page.getByRole('heading', { name: 'Transaction Dashboard' }).waitFor();
    expect(scripts.some((path) => /\/dashboard-layout-/.test(path))).toBe(true);
    await page.context().close();
  });

  it("says 'Loading Dashboard...' while the session is being settled", async () => {
    const page = await (await newContext(app.browser)).newPage();
    // A device that remembers someone but holds no access token must ask the server (a
    // visitor who never signed in is settled at once, without a request).
    await page.addInitScript(() => {
      localStorage.setItem('session-user', JSON.stringify({ id: 'gone', email: 'gone@demo.local', name: 'Gone', role: 'user', photoURL: null }));
    });
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/refresh', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${app.server.url}/dashboard`);
    await page.getByRole('status').filter({ hasText: 'Loading Dashboard...' }).waitFor();
    release();
    await page.getByRole('heading', { name: 'Login', exact: true }).waitFor();
    await page.context().close();
  });

  it('shows each role its own view at /dashboard', async () => {
    const views: [DemoRole, string][] = [
      ['user', 'My Policies'],
      ['agent', 'Agent Dashboard'],
      ['admin', 'Admin Dashboard'],
    ];
    await forEachRole(views, async (page, _role, heading) => {
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    });
  });

  it('sends anyone without the role to the 403 page, with Go Back to /', async () => {
    const refused: [DemoRole, string][] = [
      ['user', '/dashboard/manageAgent'],
      ['user', '/dashboard/agentPolicyClearance'],
      ['user', '/dashboard/manageBlogs'],
      ['agent', '/dashboard/addPolicy'],
      ['agent', '/dashboard/auditLog'],
      ['admin', '/dashboard/assignedCustomers'],
    ];
    await forEachRole(
      refused,
      async (page, role, path) => {
        await page.goto(`${app.server.url}${path}`);
        await page.getByRole('heading', { name: '403 Forbidden' }).waitFor();
        expect(new URL(page.url()).pathname, `${role} at ${path}`).toBe('/forbidden');
        expect(await page.getByRole('link', { name: 'Go Back' }).getAttribute('href')).toBe('/');
      },
      '/dashboard',
    );
  });

  it("collapses each role's sidebar behind a Menu button at 360 px, with that role's links", async () => {
    const menus: Record<DemoRole, { has: string[]; lacks: string[] }> = {
      user: { has: ['My Policies', 'Profile', 'My Dashboard', 'Back To Home'], lacks: ['Manage Agent', 'Manage Blogs', 'Agent Policy Clearance'] },
      agent: {
        has: ['Manage Blogs', 'Assigned Customers', 'Agent Policy Clearance', 'My Policies', 'Profile', 'My Dashboard', 'Back To Home'],
        lacks: ['Add Policy', 'Make Admin'],
      },
      admin: {
        has: ['Add Policy', 'Manage Agent', 'Manage Applications', 'All Transactions', 'Make Admin', 'Audit Log', 'My Policies', 'Profile'],
        lacks: ['Agent Policy Clearance', 'Assigned Customers'],
      },
    };
    for (const role of ['user', 'agent', 'admin'] as const) {
      const page = await signedInPage(role);
      const menuButton = page.getByRole('button', { name: 'Menu' });
      const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
      expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
      expect(await sidebar.isVisible()).toBe(false);
      await menuButton.click();
      await sidebar.waitFor();
      expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
      for (const name of menus[role].has) {
        expect(await sidebar.getByRole('link', { name, exact: true }).count(), `${role} has ${name}`).toBe(1);
      }
      for (const name of menus[role].lacks) {
        expect(await sidebar.getByRole('link', { name, exact: true }).count(), `${role} lacks ${name}`).toBe(0);
      }
      await expectNoAxeViolations(page, `${role} sidebar`);
      await sidebar.getByRole('link', { name: 'Profile', exact: true }).click();
      await page.getByRole('heading', { name: 'My Profile' }).waitFor();
      expect(await sidebar.isVisible()).toBe(false);
      await page.context().close();
    }
  });

  it('shows the sidebar beside the screen on a wide screen', async () => {
    const context = await newContext(app.browser, { width: 1280, height: 800 });
    const page = await context.newPage();
    await loginAs(page, app.server, 'admin');
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Manage Applications' }).click();
    await page.getByRole('heading', { name: 'Manage Applications' }).waitFor();
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
    await context.close();
  });

  it('shows a refused action its own error and keeps the session', async () => {
    const page = await signedInPage('admin', '/dashboard/makeAdmin');
    await page.route('**/make-admin', (route) =>
      route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ error: 'forbidden', message: 'You may not do that.' }) }),
    );
    await page.getByLabel('User Email').fill(demoEmail('user'));
    await page.getByRole('button', { name: 'Make Admin' }).click();
    // The confirmation naming the person comes first (issue 29); the refusal comes on confirming.
    await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Yes, make admin' }).click();
    await page.getByRole('alert').filter({ hasText: 'You may not do that.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/makeAdmin');
    expect(await page.evaluate(() => localStorage.getItem('access-token'))).not.toBeNull();
    await page.context().close();
  });

  it('goes to /login once when the session ends inside the dashboard, and back afterwards', async () => {
    const page = await signedInPage('user', '/dashboard/myApplication');
    await page.getByRole('heading', { name: 'My Policies' }).waitFor();
    // Every navigation to /login, named by where it came from (a failure then shows the moves).
    const loginVisits: string[] = [];
    let lastPath = new URL(page.url()).pathname;
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame()) return;
      const path = new URL(frame.url()).pathname;
      if (path === '/login') loginVisits.push(`${lastPath} -> ${path}`);
      lastPath = path;
    });
    // The sign-in is ended elsewhere (its refresh family revoked): the next request with the
    // page's access token is refused, the refresh fails, and the session is over.
    const ended = await page.request.post(`${app.server.url}/api/auth/logout`);
    expect(ended.ok()).toBe(true);
    // The next request to the server ends it: the app's own (a pull) or the person's, who opens
    // Profile, which asks the server who they are (GET /api/auth/me). The token is refused, and
    // the renewal too. At 360 px the dashboard's links are behind its Menu button.
    const loginHeading = page.getByRole('heading', { name: 'Login', exact: true });
    const openProfile = async () => {
      // The dashboard's own Menu (it controls the dashboard's sidebar), not the public header's.
      await page.locator('button[aria-controls="dashboard-sidebar"]').click({ timeout: 10_000 });
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Profile', exact: true }).click({ timeout: 10_000 });
    };
    // Whichever request comes first: if the app's took the page to /login, the clicks find no
    // dashboard (their failure is expected then), and the sign-in page is what counts.
    await Promise.race([loginHeading.waitFor(), openProfile().catch(() => undefined)]);
    await loginHeading.waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => localStorage.getItem('access-token'))).toBeNull();

    // Signing in again returns to the dashboard screen the user was on.
    // The sign-in form settles (its Google option asks the server) before typing into it. The
    // ended session's refused answers are let go at once: one left unread stayed open in the page
    // until its own time-out (15 s for the renewal, 30 s for the pull), and the network with it.
    await page.waitForLoadState('networkidle', { timeout: 12_000 });
    // Every request of the ended session has settled by now: it led to the sign-in page once.
    expect(loginVisits, loginVisits.join(', ')).toHaveLength(1);
    await page.getByLabel('Email').fill(demoEmail('user'));
    await page.getByLabel('Password').fill(demoPassword);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/dashboard/'));
    expect(['/dashboard/myApplication', '/dashboard/profile']).toContain(new URL(page.url()).pathname);
    await page.context().close();
  });
});
