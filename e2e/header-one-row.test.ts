/**
 * Issue 48: at 360x740 the header is one row, in English and in Bangla, signed out and signed
 * in, on public pages and in the dashboard, online and offline with its badges (Offline, "1
 * waiting to send" and "1 sync problem" at once). It took 107 px, and 180 px offline.
 */
import { describe, expect, it } from 'vitest';
import { demoUser, insertApplication } from './support/dashboard-data.ts';
import { newContext, type Page } from './support/browser.ts';
import { expectHeaderOneRow } from './support/fits.ts';
import { writeDb } from './support/login.ts';
import { offlineJourney, openReadyForOffline } from './support/offline.ts';

const journey = offlineJourney();
const phone = { width: 360, height: 740 };
const publicHeader = '.site-header';
const dashboardBar = '.dashboard__bar';

async function open(page: Page, path: string) {
  await page.goto(`${journey.server.url}${path}`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
}

describe('the header at 360 px', () => {
  it('is one row for a visitor in both languages, online and offline', async () => {
    for (const [locale, prefix] of [['en-US', ''], ['bn-BD', '/bn']] as const) {
      const context = await newContext(journey.browser, { ...phone, locale });
      const page = await context.newPage();
      for (const path of [`${prefix}/about`, prefix || '/']) {
        await open(page, path);
        await expectHeaderOneRow(page, publicHeader, `${path}, a visitor`, ['.brand', '.language-switch', '.site-nav__toggle']);
      }
      await context.setOffline(true);
      await page.locator('.header-status .badge--warn').waitFor();
      await expectHeaderOneRow(page, publicHeader, `${prefix || '/'} offline, a visitor`, ['.header-status .badge--warn']);
      await context.close();
    }
  });

  it('is one row signed in, on public pages and the dashboard, in both languages, offline with a waiting change and a sync problem', async () => {
    const user = demoUser(journey.server);
    const refused = insertApplication(journey.server, user, { policy_name: 'Row Test Refused', status: 'pending', payment_status: 'unpaid' });
    insertApplication(journey.server, user, { policy_name: 'Row Test Waiting', status: 'pending', payment_status: 'unpaid' });
    const { context, page } = await openReadyForOffline(journey, { role: 'user', path: '/dashboard/myApplication', viewport: phone });
    await page.getByText('Row Test Waiting').first().waitFor();

    // Online: the bell, the language and the Menu.
    for (const prefix of ['', '/bn']) {
      await open(page, `${prefix}/dashboard/myApplication`);
      await page.locator(`${dashboardBar} .notification-bell`).waitFor();
      await expectHeaderOneRow(page, dashboardBar, `${prefix}/dashboard signed in`, ['.brand', '.notification-bell', '.language-switch', '.dashboard__menu-button']);
      await open(page, `${prefix}/about`);
      await page.locator(`${publicHeader} .notification-bell`).waitFor();
      await expectHeaderOneRow(page, publicHeader, `${prefix}/about signed in`, ['.brand', '.notification-bell', '.language-switch', '.site-nav__toggle']);
    }

    // A change the server refuses (the application was approved meanwhile): one sync problem.
    await open(page, '/dashboard/myApplication');
    await page.getByText('Row Test Refused').first().waitFor();
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Delete application for Row Test Refused' }).click();
    await page.getByRole('button', { name: 'Yes, delete it!' }).click();
    await page.getByRole('button', { name: '1 waiting to send' }).waitFor();
    writeDb(journey.server, "UPDATE applications SET status = 'approved' WHERE id = ?", refused.id);
    await context.setOffline(false);
    await page.getByRole('button', { name: '1 sync problem' }).waitFor({ timeout: 30_000 });

    // Offline again with a change waiting: Offline, 1 waiting to send and 1 sync problem at once.
    await context.setOffline(true);
    await page.getByText('Offline', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Delete application for Row Test Waiting' }).click();
    await page.getByRole('button', { name: 'Yes, delete it!' }).click();
    await page.getByRole('button', { name: '1 waiting to send' }).waitFor();
    // A page opened while the context is offline still reads navigator.onLine as true (Chromium's
    // emulation); setting offline again fixes that. The server is stopped first, so the moment
    // online in between cannot send the waiting change.
    await journey.server.stop();
    try {
      const openOffline = async (path: string) => {
        await open(page, path);
        await context.setOffline(false);
        await context.setOffline(true);
      };
      const badges = ['.header-status .badge--warn', '.header-status .badge--info', '.header-status .badge--danger'];
      for (const [prefix, waiting, offline] of [['', '1 waiting to send', 'Offline'], ['/bn', '১টি পাঠানোর অপেক্ষায়', 'অফলাইন']] as const) {
        for (const [path, bar, items] of [
          [`${prefix}/dashboard/myApplication`, dashboardBar, ['.dashboard__menu-button']],
          [`${prefix}/about`, publicHeader, ['.site-nav__toggle']],
        ] as const) {
          await openOffline(path);
          await page.getByRole('button', { name: waiting }).waitFor();
          await page.getByRole('banner').getByText(offline, { exact: true }).waitFor();
          // The bell comes with the session read back from the device, a moment after the page.
          await page.locator(`${bar} .notification-bell`).waitFor();
          await expectHeaderOneRow(page, bar, `${path} offline`, ['.brand', '.notification-bell', '.language-switch', ...items, ...badges]);
        }
      }
      // The badges keep their words for screen readers.
      expect(await page.getByRole('button', { name: '১টি সিঙ্ক সমস্যা' }).count()).toBe(1);
      await context.close();
    } finally {
      // A retry of this test, and the next one, need the server back.
      await journey.server.start();
    }
  });
});
