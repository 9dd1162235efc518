/**
 * The Transaction Dashboard in the admin's own days: the From and To filters and the chart's
 * days are local days of the browser's time zone (Asia/Dhaka, UTC+6; Pacific/Auckland, UTC+13
 * in March), inclusive; and a chart of a single day draws one whole bar inside the plot.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { newContext, type Page } from './support/browser.ts';
import { demoUser, insertPayment } from './support/dashboard-data.ts';
import { loginAs } from './support/login.ts';

const app = useAppAndBrowser();

// 2026-03-09T19:00Z is 10 March 01:00 in Dhaka and 10 March 08:00 in Auckland (UTC: 9 March).
// 2026-03-10T12:00Z is 10 March 18:00 in Dhaka and 11 March 01:00 in Auckland.
const early = '2026-03-09T19:00:00.000Z';
const late = '2026-03-10T12:00:00.000Z';

beforeAll(async () => {
  const customer = demoUser(app.server);
  insertPayment(app.server, customer, { policyName: 'Time Zone Check Plan', amountMinor: 5000, paidAt: early });
  insertPayment(app.server, customer, { policyName: 'Time Zone Check Plan', amountMinor: 2500, paidAt: late });
});

async function transactionsIn(timezoneId: string): Promise<Page> {
  const page = await (await newContext(app.browser, { width: 1280, height: 900, timezoneId })).newPage();
  await loginAs(page, app.server, 'admin', '/dashboard/adminTransactions');
  await page.getByRole('heading', { name: 'Transaction Dashboard' }).waitFor();
  await page.getByLabel('Policy Name').fill('Time Zone Check');
  return page;
}

const card = (page: Page, label: string) => page.getByRole('listitem').filter({ hasText: label }).locator('.stat-card__value');
const table = (page: Page) => page.getByRole('table', { name: 'Transactions' });

async function showDay(page: Page, day: string) {
  await page.getByLabel('From Date').fill(day);
  await page.getByLabel('To Date').fill(day);
}

/** Where the bar's colour is on the chart's canvas, against the plot area (CSS pixels). */
function barExtent(page: Page) {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('.income-chart canvas');
    const over = document.querySelector('.income-chart .u-over');
    if (!canvas || !over) return null;
    const box = canvas.getBoundingClientRect();
    const plot = over.getBoundingClientRect();
    const ratio = canvas.width / box.width;
    const { data, width, height } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    let left = Infinity;
    let right = -Infinity;
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const i = (y * width + x) * 4;
        // The bar's fill, rgba(15, 94, 156, 0.75), on the canvas's transparent background.
        if (data[i + 3]! > 100 && Math.abs(data[i]! - 15) < 20 && Math.abs(data[i + 1]! - 94) < 20 && Math.abs(data[i + 2]! - 156) < 20) {
          left = Math.min(left, x);
          right = Math.max(right, x);
        }
      }
    }
    return { barLeft: box.left + left / ratio, barRight: box.left + (right + 1) / ratio, plotLeft: plot.left, plotRight: plot.right };
  });
}

describe('the transaction filters and chart in the admin’s time zone', () => {
  it('in Asia/Dhaka, 10 March holds both payments, on one whole bar', async () => {
    const page = await transactionsIn('Asia/Dhaka');
    await showDay(page, '2026-03-10');
    await expect.poll(() => card(page, 'Total Transactions').innerText()).toBe('2');
    expect(await card(page, 'Total Income').innerText()).toBe('৳75.00');
    const dates = await table(page).getByRole('row').filter({ hasText: 'Time Zone Check Plan' }).allInnerTexts();
    expect(dates).toHaveLength(2);
    for (const row of dates) expect(row).toContain('10 Mar 2026');

    // The day before, in Dhaka, has nothing (in UTC it would have the early payment).
    await showDay(page, '2026-03-09');
    await page.getByText('No transactions found matching your filters').waitFor();

    // A single day: one bar, whole, inside the plot.
    await showDay(page, '2026-03-10');
    await page.getByRole('img', { name: /Bar chart of income in taka per day, 1 day\./ }).locator('canvas').first().waitFor();
    await expect.poll(async () => (await barExtent(page))?.barRight ?? -Infinity).toBeGreaterThan(0);
    const bar = (await barExtent(page))!;
    expect(bar.barLeft).toBeGreaterThan(bar.plotLeft + 2);
    expect(bar.barRight).toBeLessThan(bar.plotRight - 2);
    expect(bar.barRight - bar.barLeft).toBeGreaterThan(20);
    await page.context().close();
  });

  it('in Pacific/Auckland, filtering on the date shown finds the payment made that day', async () => {
    const page = await transactionsIn('Pacific/Auckland');
    await showDay(page, '2026-03-10');
    await expect.poll(() => card(page, 'Total Transactions').innerText()).toBe('1');
    const row = table(page).getByRole('row').filter({ hasText: 'Time Zone Check Plan' });
    expect(await row.innerText()).toContain('10 Mar 2026');
    expect(await row.innerText()).toContain('৳50.00');

    await showDay(page, '2026-03-11');
    await expect.poll(() => card(page, 'Total Income').innerText()).toBe('৳25.00');
    expect(await table(page).getByRole('row').filter({ hasText: 'Time Zone Check Plan' }).innerText()).toContain('11 Mar 2026');

    // Two days, two whole bars inside the plot.
    await page.getByLabel('From Date').fill('2026-03-10');
    await page.getByRole('img', { name: /Bar chart of income in taka per day, 2 days\./ }).locator('canvas').first().waitFor();
    await expect.poll(() => card(page, 'Total Transactions').innerText()).toBe('2');
    await expect.poll(async () => (await barExtent(page))?.barRight ?? -Infinity).toBeGreaterThan(0);
    const bars = (await barExtent(page))!;
    expect(bars.barLeft).toBeGreaterThan(bars.plotLeft + 2);
    expect(bars.barRight).toBeLessThan(bars.plotRight - 2);
    await page.context().close();
  });
});
