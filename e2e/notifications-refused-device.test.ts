/**
 * Issue 47: the server sends pushes only to the browsers' known push services (decision 0100).
 * A browser whose push service is another one is refused (422) when it turns notifications on;
 * the app says so in plain words, in English and in Bangla, drops the browser's subscription
 * and leaves the switch off, without an error on the page.
 *
 * Headless Chromium reaches no push service, so the browser's push service is played by a
 * stand-in in the page (PushManager), as a browser with an unknown service would answer: a
 * subscription whose endpoint is on a host the server does not send to. The app's own code
 * and its requests to the server are real.
 */
import { describe, expect, it } from 'vitest';
import { newContext } from './support/browser.ts';
import { useAppAndBrowser } from './support/app-server.ts';
import { loginAs, queryDb } from './support/login.ts';
import { waitForServiceWorker } from './support/offline.ts';

const shared = useAppAndBrowser();

/** Runs in the page before its scripts: a push service that hands out an endpoint on push.example.com. */
function unknownPushService() {
  const state = window as unknown as { unsubscribed: number };
  state.unsubscribed = 0;
  let current: PushSubscription | null = null;
  const subscription = {
    endpoint: 'https://push.example.com/device/e2e',
    expirationTime: null,
    options: { userVisibleOnly: true, applicationServerKey: null },
    getKey: () => null,
    toJSON: () => ({ endpoint: 'https://push.example.com/device/e2e', expirationTime: null, keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } }),
    unsubscribe: async () => {
      state.unsubscribed++;
      current = null;
      return true;
    },
  } as unknown as PushSubscription;
  PushManager.prototype.getSubscription = async () => current;
  PushManager.prototype.subscribe = async () => (current = subscription);
}

describe('a browser whose push service the server refuses', () => {
  it('is told so, in English and in Bangla, and the switch stays off', async () => {
    const { server, browser } = shared;
    const context = await newContext(browser, { width: 360, height: 740 });
    await context.grantPermissions(['notifications'], { origin: server.url });
    await context.addInitScript(unknownPushService);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await loginAs(page, server, 'user', '/dashboard/profile');
    await waitForServiceWorker(page);

    const toggle = page.getByRole('checkbox', { name: 'Push notifications on this device' });
    await toggle.waitFor();
    const box = (await toggle.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    await toggle.click();
    await page.getByText('This browser cannot get our push notifications. Your inbox still shows everything.').waitFor();
    await expect.poll(() => toggle.isChecked()).toBe(false);
    expect(await toggle.isEnabled()).toBe(true);
    // The browser's subscription is dropped too: nothing is left that looks on.
    expect(await page.evaluate(() => (window as unknown as { unsubscribed: number }).unsubscribed)).toBe(1);
    expect(queryDb(server, "SELECT id FROM push_subscriptions WHERE endpoint LIKE 'https://push.example.com/%'")).toEqual([]);

    await page.goto(`${server.url}/bn/dashboard/profile`);
    const bnToggle = page.getByRole('checkbox', { name: 'এই ডিভাইসে পুশ নোটিফিকেশন' });
    await bnToggle.waitFor();
    await bnToggle.click();
    await page.getByText('এই ব্রাউজারে আমাদের পুশ নোটিফিকেশন আসতে পারে না। আপনার ইনবক্সে তবুও সব দেখা যাবে।').waitFor();
    await expect.poll(() => bnToggle.isChecked()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
