/**
 * A screen whose code cannot be loaded (a chunk of an older deploy, a network that drops the
 * request) shows the route's error with a way forward, never a blank page; leaving it clears it;
 * and a reload opens the screen once its code can be had (app/routes/screen-route.tsx,
 * decision 0097).
 */
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { expectFullyOnScreen } from './support/fits.ts';
import { followMainNav } from './support/main-nav.ts';
import { waitForAppReady } from './support/page-state.ts';

const app = useAppAndBrowser();

describe("a screen's code that cannot be loaded", () => {
  it('shows the error with Reload and Go Home, clears it on leaving, and opens the screen after a reload', async () => {
    // No service worker: its precache would answer the chunk, and the network must be the one to fail.
    const context = await app.browser.newContext({ viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    let failing = true;
    await page.route('**/assets/reading-pages-*.js', (route) => (failing ? route.abort('internetdisconnected') : route.continue()));
    await page.goto(`${app.server.url}/`);
    await waitForAppReady(page);

    await followMainNav(page, 'About');
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    // On the first screen of a 360 px phone, without scrolling.
    await expectFullyOnScreen(page, page.getByRole('button', { name: 'Reload' }), 'Reload', { scroll: false });
    await expectFullyOnScreen(page, page.getByRole('link', { name: 'Go Home' }), 'Go Home', { scroll: false });

    // Another address clears the error: the home page shows again, as a page of the app.
    await page.getByRole('link', { name: 'Go Home' }).click();
    await page.getByRole('heading', { name: 'Secure Your Tomorrow Today' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Something went wrong' }).count()).toBe(0);
    await followMainNav(page, 'About');
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();

    // The network is back: Reload opens the screen.
    failing = false;
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.getByRole('heading', { name: 'About LifeSure Insurance' }).waitFor();
    expect(page.url()).toBe(`${app.server.url}/about`);
    await context.close();
  });
});
