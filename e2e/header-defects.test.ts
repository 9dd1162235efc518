/**
 * Issue 29, point 12: three small defects, each seen by a person.
 * - At 900 px and wider the header shows the full navigation and no Menu button.
 * - At 360 px the Offline and "1 waiting to send" badges never overlap the logo.
 * - Reloading /get-quote after arriving from a policy hydrates without React's error #418.
 */
import { describe, expect, it } from 'vitest';
import { demoUser, insertApplication } from './support/dashboard-data.ts';
import { newContext, type Page } from './support/browser.ts';
import { offlineJourney, openReadyForOffline } from './support/offline.ts';

const journey = offlineJourney();

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Where the logo's picture and words are drawn (a squeezed flex item's text overflows its box). */
async function drawnBoxOf(page: Page, selector: string) {
  return page.locator(selector).first().evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const { x, y, width, height } = range.getBoundingClientRect();
    return { x, y, width, height };
  });
}

async function boxOf(page: Page, selector: string) {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not on screen`);
  return box;
}

describe('the header and the quote page', () => {
  it('shows no Menu button beside the full navigation at 900 px', async () => {
    const page = await (await newContext(journey.browser, { width: 900, height: 740 })).newPage();
    await page.goto(`${journey.server.url}/about`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'All Policies' }).waitFor();
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
  });

  it('keeps the Offline and waiting badges clear of the logo at 360 px', async () => {
    const user = demoUser(journey.server);
    insertApplication(journey.server, user, { policy_name: 'Badge Test Cover', status: 'pending', payment_status: 'unpaid' });
    const { context, page } = await openReadyForOffline(journey, { role: 'user', path: '/dashboard/myApplication', viewport: { width: 360, height: 740 } });
    await page.getByText('Badge Test Cover').first().waitFor();
    // Online and with nothing waiting, the bar stays one row: logo, bell, language and Menu.
    await page.locator('.dashboard__bar .notification-bell').waitFor();
    expect((await boxOf(page, '.dashboard__bar')).height, 'the bar is one row at 360 px').toBeLessThan(70);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Delete application for Badge Test Cover' }).click();
    await page.getByRole('button', { name: 'Yes, delete it!' }).click();
    // The dashboard's bar, then a public page's header.
    for (const [path, logoSelector] of [['/dashboard/myApplication', '.dashboard__bar .brand'], ['/about', '.site-header .brand']] as const) {
      if (path !== '/dashboard/myApplication') await page.goto(`${journey.server.url}${path}`);
      const waiting = page.getByRole('button', { name: '1 waiting to send' });
      await waiting.waitFor();
      await page.getByText('Offline', { exact: true }).first().waitFor();
      const logo = await drawnBoxOf(page, logoSelector);
      const offline = await boxOf(page, '.header-status .badge--warn');
      for (const badge of [offline, (await waiting.boundingBox())!]) {
        expect(overlaps(logo, badge), `${path}: badge ${JSON.stringify(badge)} over logo ${JSON.stringify(logo)}`).toBe(false);
        expect(badge.x + badge.width, `${path}: badge inside the screen`).toBeLessThanOrEqual(360);
      }
    }
    await context.setOffline(false);
  });

  it('reloads /get-quote reached from a policy without a hydration error', async () => {
    const page = await (await newContext(journey.browser, { width: 360, height: 740 })).newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${journey.server.url}/all-policies`);
    await page.getByRole('link', { name: 'View Details' }).first().click();
    await page.getByRole('link', { name: 'Get a Quote' }).click();
    await page.waitForURL(/\/get-quote$/);
    await page.getByText(/for .+/).first().waitFor();
    errors.length = 0;
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The page still names the policy once it has hydrated.
    await page.locator('.quote__intro').filter({ hasText: 'for' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(errors.filter((text) => /418|hydrat/i.test(text))).toEqual([]);
  });
});
