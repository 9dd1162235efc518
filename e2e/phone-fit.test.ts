/**
 * Phones first (issue 13): at 360x740 the public menu's links, the customer's Pay and Delete
 * and the agent's View Details are fully on screen without sideways scrolling; at 1280x900 the
 * admin reaches Assign and Reject without scrolling the table. Axe finds nothing at both sizes.
 */
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { newContext, type Page } from './support/browser.ts';
import { expectFullyOnScreen } from './support/fits.ts';
import { loginAs } from './support/login.ts';

const app = useAppAndBrowser();

const phone = { width: 360, height: 740 };
const desktop = { width: 1280, height: 900 };

/** The page itself does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths.scroll, 'page scroll width').toBeLessThanOrEqual(widths.view);
}


describe('phones first', () => {
  it('folds the public links behind a Menu button that opens, closes on Escape and gives focus back', async () => {
    const page = await (await newContext(app.browser, phone)).newPage();
    await page.goto(`${app.server.url}/`);
    const menu = page.getByRole('button', { name: 'Menu' });
    await menu.waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'About' }).isVisible()).toBe(false);

    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    for (const name of ['Home', 'All Policies', 'Blogs', 'Be an Agent', 'About', 'Login']) {
      await expectFullyOnScreen(page, nav.getByRole('link', { name, exact: true }), `menu link ${name}`);
    }
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, 'Home with the menu open at 360 px');

    await nav.getByRole('link', { name: 'About', exact: true }).focus();
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => menu.evaluate((button) => button === document.activeElement)).toBe(true);

    // Following a link closes the menu too.
    await menu.click();
    await nav.getByRole('link', { name: 'Blogs', exact: true }).click();
    await page.waitForURL(/\/blogs$/);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
  });

  it('keeps focus out from under the sticky header when tabbing backwards', async () => {
    const page = await (await newContext(app.browser, phone)).newPage();
    await page.goto(`${app.server.url}/about`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // From the footer's last link, backwards until a focused element sits near the top.
    await page.locator('footer a').last().focus();
    const header = await page.locator('.site-header').boundingBox();
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Shift+Tab');
      const top = await page.evaluate(() => document.activeElement?.getBoundingClientRect().top ?? 0);
      // The header's own controls and the skip link (shown over the header on focus) are exempt.
      const exempt = await page.evaluate(() => Boolean(document.activeElement?.closest('.site-header, .skip-link')));
      if (exempt) break;
      expect(top, 'focused element top').toBeGreaterThanOrEqual((header?.height ?? 0) - 1);
    }
  });

  it("shows the customer's Pay and Delete fully on a 360 px screen", async () => {
    const page = await (await newContext(app.browser, phone)).newPage();
    await loginAs(page, app.server, 'user', '/dashboard/myApplication');
    await page.getByRole('heading', { name: 'My Policies' }).waitFor();
    const pay = page.getByRole('link', { name: /^Pay for / }).first();
    const remove = page.getByRole('button', { name: /^Delete application for / }).first();
    await pay.waitFor({ timeout: 15_000 });
    await expectFullyOnScreen(page, pay, 'Pay');
    await expectFullyOnScreen(page, remove, 'Delete');
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, 'My Policies at 360 px');
  });

  it("shows the agent's View Details fully on a 360 px screen", async () => {
    const page = await (await newContext(app.browser, phone)).newPage();
    await loginAs(page, app.server, 'agent', '/dashboard/agentPolicyClearance');
    await page.getByRole('heading', { name: 'Policy Claims Clearance' }).waitFor();
    const details = page.getByRole('button', { name: /^View Details of / }).first();
    await details.waitFor({ timeout: 15_000 });
    await expectFullyOnScreen(page, details, 'View Details');
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, 'Policy Claims Clearance at 360 px');
  });

  it("puts the admin's Assign and Reject on screen at 1280x900, and turns rows into cards at 360 px", async () => {
    const context = await newContext(app.browser, desktop);
    const page = await context.newPage();
    await loginAs(page, app.server, 'admin', '/dashboard/manageApplications');
    await page.getByRole('heading', { name: 'Manage Applications' }).waitFor();
    const assign = page.getByRole('button', { name: /^Assign / }).first();
    await assign.waitFor({ timeout: 15_000 });
    await expectFullyOnScreen(page, assign, 'Assign');
    await expectFullyOnScreen(page, page.getByRole('button', { name: /^Reject / }).first(), 'Reject');
    const region = page.getByRole('region', { name: 'All policy applications' });
    const scroll = await region.evaluate((element) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
    expect(scroll.scroll, 'the table does not scroll sideways').toBeLessThanOrEqual(scroll.client);
    await expectNoAxeViolations(page, 'Manage Applications at 1280 px');

    await page.getByRole('link', { name: 'Manage Agent' }).click();
    await page.getByRole('heading', { name: 'Manage Agents' }).waitFor();
    const remove = page.getByRole('button', { name: /^Delete / }).first();
    await remove.waitFor({ timeout: 15_000 });
    await expectFullyOnScreen(page, remove, 'Delete agent request');
    await expectNoAxeViolations(page, 'Manage Agents at 1280 px');

    await page.setViewportSize(phone);
    await page.goto(`${app.server.url}/dashboard/manageApplications`);
    const reject = page.getByRole('button', { name: /^Reject / }).first();
    await reject.waitFor({ timeout: 15_000 });
    await expectFullyOnScreen(page, reject, 'Reject at 360 px');
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page, 'Manage Applications at 360 px');
  });
});
