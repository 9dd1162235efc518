import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './support/app-server.ts';
import { launchBrowser, newContext, type Browser } from './support/browser.ts';

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startAppServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

describe('the app shell', () => {
  it('serves the app at / and the API beside it on one port', async () => {
    const page = await (await newContext(browser)).newPage();
    await page.goto(server.url);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).waitFor();
    const api = await fetch(`${server.url}/policies`);
    expect(api.headers.get('content-type')).toContain('application/json');
    await page.context().close();
  });

  it('opens a deep link as the app, and an unknown path as 404 Not Found', async () => {
    const page = await (await newContext(browser)).newPage();
    await page.goto(`${server.url}/no/such/page`);
    await page.getByRole('heading', { name: '404 Not Found' }).waitFor();
    await page.goto(`${server.url}/forbidden`);
    await page.getByRole('heading', { name: '403 Forbidden' }).waitFor();
    await page.context().close();
  });
});
