/**
 * A shared device (issue 24, findings 5 and 6): signing out removes an unsent application draft;
 * a sign-out owed to the server names the session it ends (never the cookie of whoever is signed
 * in when it is sent), is retried until the server confirms, and is sent by the service worker
 * (Background Sync) with no tab open.
 */
import { describe, expect, it } from 'vitest';
import { newContext, type BrowserContext, type Page } from './support/browser.ts';
import { loginAs, loginThroughForm, queryDb } from './support/login.ts';
import { offlineJourney, waitForServiceWorker } from './support/offline.ts';

const journey = offlineJourney();

const signOutButton = (page: Page) => page.getByRole('button', { name: 'Sign Out' });

/** What the app keeps of the signed-in session: its access token and its sign-out key. */
async function sessionOf(page: Page) {
  const stored = await page.evaluate(() => ({ token: localStorage.getItem('access-token'), signOut: localStorage.getItem('session-sign-out') }));
  expect(stored.token).toBeTruthy();
  expect(stored.signOut).toBeTruthy();
  return { token: stored.token!, sessionId: (JSON.parse(stored.signOut!) as { sessionId: string }).sessionId };
}

/** The server's answer to a request with this access token: 200 while its session lives, 401 after. */
const meStatus = async (token: string) =>
  (await fetch(`${journey.server.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })).status;

const revokedAt = (sessionId: string) =>
  queryDb<{ revoked: number }>(journey.server, 'SELECT count(*) AS revoked FROM refresh_sessions WHERE family_id = ? AND revoked_at IS NOT NULL', sessionId)[0]!.revoked;

/** Owed sign-outs as the page and the worker keep them (lib/owed-sign-outs.ts). */
const owedSignOuts = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open('owed-sign-outs', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('owed', { keyPath: 'sessionId' });
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const request = open.result.transaction('owed').objectStore('owed').getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        };
      }),
  );

const signOutAndWait = async (page: Page) => {
  page.once('dialog', (dialog) => void dialog.accept());
  await signOutButton(page).click();
  await page.waitForURL((url) => url.pathname === '/login');
};

async function signedInContext(role: 'user' | 'agent', target: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(journey.browser, { width: 1280, height: 800 });
  const page = await context.newPage();
  // The form: these journeys are about the sessions a sign-in starts and a sign-out ends.
  await loginThroughForm(page, journey.server, role, target);
  await waitForServiceWorker(page);
  return { context, page };
}

describe('a shared device', () => {
  it('removes an unsent application draft at sign-out', async () => {
    const { context, page } = await signedInContext('user', '/dashboard/myApplication');
    await page.goto(`${journey.server.url}/policy-apply-from`);
    await page.getByLabel('Address').fill('House 7, Road 3, Khulna');
    await page.getByLabel('NID number').fill('1987654321');
    const drafts = () => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('application-draft:')));
    await expect.poll(drafts).toHaveLength(1);

    await page.goto(`${journey.server.url}/dashboard/myApplication`);
    await signOutAndWait(page);
    expect(await drafts()).toEqual([]);
    // Nor does the form bring it back for the next person.
    await page.goto(`${journey.server.url}/policy-apply-from`);
    await page.getByLabel('Address').waitFor();
    expect(await page.getByLabel('Address').inputValue()).toBe('');
    expect(await page.getByLabel('NID number').inputValue()).toBe('');
    await context.close();
  });

  it('sends an owed sign-out that met a 503 once the server recovers: the first person’s session ends, the next person’s stays', { timeout: 120_000 }, async () => {
    const { context, page } = await signedInContext('user', '/dashboard/myApplication');
    const first = await sessionOf(page);

    // The server is overloaded: every sign-out (the page's and the worker's) gets 503.
    let refusals = 0;
    const isSignOut = (url: URL) => url.pathname.endsWith('/auth/logout');
    await context.route(isSignOut, (route) => {
      refusals += 1;
      return route.fulfill({ status: 503, contentType: 'application/json', headers: { 'retry-after': '1' }, body: '{"error":"service_unavailable","message":"Busy"}' });
    });
    await signOutAndWait(page);
    await expect.poll(() => refusals).toBeGreaterThan(0);
    expect(await owedSignOuts(page)).toHaveLength(1);
    expect(await meStatus(first.token)).toBe(200);

    // The next person signs in meanwhile, and works.
    await loginAs(page, journey.server, 'agent', '/dashboard/agentPolicyClearance');
    await page.getByRole('heading', { name: 'Policy Claims Clearance' }).waitFor();
    const next = await sessionOf(page);
    expect(await meStatus(first.token)).toBe(200);

    // The server recovers: the owed sign-out goes out by itself and ends the first session only.
    await context.unroute(isSignOut);
    await expect.poll(() => meStatus(first.token), { timeout: 90_000 }).toBe(401);
    await expect.poll(async () => (await owedSignOuts(page)).length, { timeout: 30_000 }).toBe(0);
    expect(revokedAt(first.sessionId)).toBeGreaterThan(0);
    expect(revokedAt(next.sessionId)).toBe(0);
    expect(await meStatus(next.token)).toBe(200);
    // Still signed in after a reload (the refresh cookie is the next person's, and still good).
    await page.reload();
    await page.getByRole('heading', { name: 'Policy Claims Clearance' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard/agentPolicyClearance');
    await context.close();
  });

  it('revokes a session signed out offline once the network is back, with the tab closed (Background Sync)', { timeout: 120_000 }, async () => {
    const { context, page } = await signedInContext('user', '/dashboard/myApplication');
    const first = await sessionOf(page);

    await context.setOffline(true);
    await signOutAndWait(page);
    expect(await owedSignOuts(page)).toHaveLength(1);
    // No tab of the app is open when the network returns: only the service worker can send it.
    await page.close();
    expect(context.pages()).toHaveLength(0);
    expect(await meStatus(first.token)).toBe(200);
    // Back online: Chromium fires the worker's 'sync' event (Playwright's offline emulation
    // reaches the worker and Background Sync alike), and the worker sends the owed sign-out.
    // (Playwright reports no network events of a worker started by a sync event, so the proof
    // is that nothing else of this device is running: no page is open.)
    await context.setOffline(false);
    await expect.poll(() => meStatus(first.token), { timeout: 90_000 }).toBe(401);
    expect(revokedAt(first.sessionId)).toBeGreaterThan(0);
    await context.close();
  });
});
