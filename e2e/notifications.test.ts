/**
 * Issue 28 in the browser, at 360x740: the bell counts what an admin's decision in another
 * browser brought, falls when the item is read, and the inbox opens offline; a push (delivered
 * to the service worker through CDP, with the server's own texts in English and Bangla) is shown
 * as a notification, and its click opens the application.
 */
import { describe, expect, it } from 'vitest';
import { pushPayload } from '../edge-api/src/notifications/texts.ts';
import { pushArrivedMessage } from '../pwa/src/lib/push-arrived.ts';
import { newContext, type Page } from './support/browser.ts';
import { demoUser, insertApplication } from './support/dashboard-data.ts';
import { birthDateForForm } from './support/application-form.ts';
import { loginAs, queryDb } from './support/login.ts';
import { offlineJourney, waitForLocalCopy, waitForServiceWorker } from './support/offline.ts';

const journey = offlineJourney();
const phone = { width: 360, height: 740 };

const bell = (page: Page) => page.locator('a.notification-bell');

/** The bell's count as it says it, after asking for a pull the way a returning person does (focus). */
async function bellSays(page: Page): Promise<string | null> {
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  return bell(page).getAttribute('aria-label');
}

const says = (unread: number) => (unread === 0 ? 'Notifications, none unread' : `Notifications, ${unread} unread`);

describe('notifications in the app', () => {
  it('counts an assignment made by an admin elsewhere, falls when read, and opens offline', async () => {
    const customer = demoUser(journey.server);
    const application = insertApplication(journey.server, customer, { policy_name: 'Shurokkha Term Shield' });

    const context = await newContext(journey.browser, phone);
    const page = await context.newPage();
    await loginAs(page, journey.server, 'user', '/dashboard');
    await waitForServiceWorker(page);
    await waitForLocalCopy(page);
    // The demo's own activity may have told this customer things already: count from there.
    const before = queryDb<{ n: number }>(journey.server, 'SELECT count(*) AS n FROM notifications WHERE user_id = ? AND read_at IS NULL', customer.id)[0]!.n;
    await expect.poll(() => bellSays(page)).toBe(says(before));

    // The admin, in a browser of their own, assigns the customer's application to the agent.
    const adminContext = await newContext(journey.browser, phone);
    const adminPage = await adminContext.newPage();
    await loginAs(adminPage, journey.server, 'admin', '/dashboard');
    const assigned = await adminPage.evaluate(async (id) => {
      const res = await fetch(`/api/applications/assign/${id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('access-token')}` },
        body: JSON.stringify({ agentEmail: 'agent@demo.local' }),
      });
      return res.status;
    }, application.id);
    expect(assigned).toBe(200);
    await adminContext.close();

    await expect.poll(() => bellSays(page), { timeout: 30_000 }).toBe(says(before + 1));
    await bell(page).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/notifications');
    const item = page.getByRole('link', { name: /Your application for Shurokkha Term Shield is now with an agent/ });
    await item.click();
    await page.waitForURL((url) => url.pathname === `/dashboard/applications/${application.id}`);
    await expect.poll(() => bell(page).getAttribute('aria-label')).toBe(says(before));
    expect(queryDb<{ read_at: string | null }>(journey.server, 'SELECT read_at FROM notifications WHERE entity_id = ?', application.id)[0]?.read_at).toEqual(
      expect.any(String),
    );

    // On the public pages too, signed in, the bell is in the header.
    await page.goto(`${journey.server.url}/`);
    await expect.poll(() => bell(page).getAttribute('aria-label')).toBe(says(before));

    // Offline, the inbox still opens from the device's copy.
    await context.setOffline(true);
    await page.goto(`${journey.server.url}/dashboard/notifications`);
    await page.getByRole('heading', { name: 'Notifications' }).waitFor();
    await item.waitFor();
    await context.close();
  });

  it('asks nothing on load, offers notifications after applying, and a "Not now" is kept', async () => {
    const context = await newContext(journey.browser, phone);
    const page = await context.newPage();
    await loginAs(page, journey.server, 'user', '/dashboard');
    await bell(page).waitFor();
    const offer = page.getByRole('region', { name: 'Offer of notifications' });
    expect(await offer.count()).toBe(0);
    expect(await page.evaluate(() => Notification.permission)).toBe('default');

    // Apply through the form, as a customer does.
    await page.goto(`${journey.server.url}/policy-apply-from`);
    await page.evaluate(() => history.replaceState({ ...history.state, usr: { estimatedPremium: 99 } }, ''));
    await page.reload();
    const policy = page.getByLabel('Policy', { exact: true });
    await policy.locator('option:not([value=""])').first().waitFor({ state: 'attached' });
    await policy.selectOption({ index: 1 });
    await page.getByLabel('Date of birth').fill(await birthDateForForm(page));
    await page.getByLabel('Address').fill('Sylhet');
    await page.getByLabel('NID number').fill('1990123456789');
    await page.getByLabel('Nominee name').fill('Offer Nominee');
    await page.getByLabel("Nominee's NID").fill('1985123456789');
    await page.getByLabel('Relationship with nominee').selectOption('Child');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/myApplication');
    await offer.waitFor();
    // The offer only offers: the browser has not been asked anything yet.
    expect(await page.evaluate(() => Notification.permission)).toBe('default');
    await offer.getByRole('button', { name: 'Not now' }).click();
    await offer.waitFor({ state: 'detached' });
    await page.reload();
    await bell(page).waitFor();
    expect(await offer.count()).toBe(0);
    await context.close();
  });

  it('shows a push in English and in Bangla, and a click on it opens the application', async () => {
    const customer = demoUser(journey.server);
    const application = insertApplication(journey.server, customer, { policy_name: 'Nirapotta Child Plan' });
    const context = await newContext(journey.browser, phone);
    await context.grantPermissions(['notifications'], { origin: journey.server.url });
    const page = await context.newPage();
    await loginAs(page, journey.server, 'user', '/dashboard');
    await waitForServiceWorker(page);

    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((found) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }: { registrations: { registrationId: string; scopeURL: string }[] }) => {
        const ours = registrations.find((registration) => registration.scopeURL.startsWith(journey.server.url));
        if (ours) found(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');

    const notification = { id: `e2e-${application.id}`, event: 'application.approved' as const, policy_name: 'Nirapotta Child Plan', link: `/dashboard/applications/${application.id}` };
    const shown = () =>
      page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag })));
    // The worker tells the open pages once it has shown a push (sw-push.ts); the notifications are
    // read then, never while one is being shown: Chromium's getNotifications() asked during a
    // showNotification() can drop that notification from every later answer (decision 0104).
    await page.evaluate((type) => {
      const counted = window as unknown as { pushesShown: number };
      counted.pushesShown = 0;
      navigator.serviceWorker.addEventListener('message', (event: MessageEvent<{ type?: string }>) => {
        if (event.data?.type === type) counted.pushesShown += 1;
      });
    }, pushArrivedMessage);
    const pushesShown = (count: number) => page.waitForFunction((n) => (window as unknown as { pushesShown: number }).pushesShown >= n, count, { timeout: 30_000 });
    for (const [index, language] of (['en', 'bn'] as const).entries()) {
      const payload = pushPayload({ ...notification, id: `${notification.id}-${language}` }, language);
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: journey.server.url, registrationId: await registrationId, data: JSON.stringify(payload) });
      await pushesShown(index + 1);
      expect(await shown()).toContainEqual({ title: payload.title, body: payload.body, tag: payload.id });
    }
    expect(await shown()).toContainEqual({
      title: 'আবেদন অনুমোদিত',
      body: 'Nirapotta Child Plan-এর জন্য আপনার আবেদন অনুমোদিত হয়েছে।',
      tag: `${notification.id}-bn`,
    });

    // CDP has no command to click a notification: the worker receives the click event for the
    // notification it shows, as the system would send it.
    const [worker] = context.serviceWorkers();
    expect(worker).toBeDefined();
    await worker!.evaluate(async (tag) => {
      // Runs in the worker: its globals are not in this file's types.
      const scope = self as unknown as { registration: { getNotifications(o: { tag: string }): Promise<unknown[]> }; dispatchEvent(e: Event): void };
      const NotificationClick = (globalThis as unknown as { NotificationEvent: new (type: string, init: { notification: unknown }) => Event }).NotificationEvent;
      const [shownOne] = await scope.registration.getNotifications({ tag });
      scope.dispatchEvent(new NotificationClick('notificationclick', { notification: shownOne! }));
    }, `${notification.id}-en`);
    await page.waitForURL((url) => url.pathname === `/dashboard/applications/${application.id}`);
    await context.close();
  });
});
