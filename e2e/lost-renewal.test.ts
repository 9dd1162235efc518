/**
 * A renewal of the session whose answer never reaches the phone (a reload, a timeout, a
 * connection cut on a mobile network) leaves the phone with the refresh cookie the server has
 * just spent. The next start presents it again; the server gives it the successor it had made,
 * so the person stays signed in instead of being taken for a thief and signed out.
 */
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { newContext } from './support/browser.ts';
import { loginAs } from './support/login.ts';

const app = useAppAndBrowser();

const isRenewal = (url: URL) => url.pathname === '/api/auth/refresh';

describe('a renewal whose answer is lost', () => {
  it('keeps the person signed in on the next start, with the session going on from there', { timeout: 90_000 }, async () => {
    const context = await newContext(app.browser, { width: 360, height: 740 });
    const page = await context.newPage();
    await loginAs(page, app.server, 'user', '/dashboard/myApplication');
    const myPolicies = page.getByRole('heading', { name: 'My Policies' });
    await myPolicies.waitFor();

    // The server gets the renewal and answers it; the answer, with its new cookie, is lost.
    const answeredOnServer: number[] = [];
    const loseTheAnswer = async (route: Route) => {
      const request = route.request();
      const headers = await request.allHeaders();
      const res = await fetch(request.url(), {
        method: 'POST',
        headers: { cookie: headers.cookie ?? '', origin: headers.origin ?? app.server.url },
      });
      answeredOnServer.push(res.status);
      await route.abort('connectionreset');
    };
    await context.route(isRenewal, loseTheAnswer);
    await page.reload();
    await expect.poll(() => answeredOnServer, { timeout: 20_000 }).toEqual([200]);
    // Without an answer the app keeps the session it has (as it does offline).
    await myPolicies.waitFor();
    await context.unroute(isRenewal, loseTheAnswer);

    // The next start presents the spent cookie again, and is let in.
    const renewals: number[] = [];
    page.on('response', (res) => {
      if (isRenewal(new URL(res.url()))) renewals.push(res.status());
    });
    await page.reload();
    await expect.poll(() => renewals, { timeout: 20_000 }).toEqual([200]);
    await myPolicies.waitFor();
    expect(await page.getByRole('heading', { name: 'Login', exact: true }).count()).toBe(0);

    // The cookie it got is the one the server expects next: the start after that renews too.
    await page.reload();
    await expect.poll(() => renewals, { timeout: 20_000 }).toEqual([200, 200]);
    await myPolicies.waitFor();
    const box = await myPolicies.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= 740).toBe(true);
    await context.close();
  });
});
