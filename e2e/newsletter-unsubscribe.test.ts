/**
 * Issue 29, point 7: a visitor subscribes on the home page at 360 px, gets their own unsubscribe
 * link, and it works signed out; opened again it says it was used; an unknown link says so.
 */
import { describe, expect, it } from 'vitest';
import { useAppAndBrowser } from './support/app-server.ts';
import { newContext } from './support/browser.ts';
import { queryDb } from './support/login.ts';
import { waitForAppReady } from './support/page-state.ts';

const app = useAppAndBrowser();

describe('the newsletter unsubscribe link', () => {
  it('unsubscribes a signed-out visitor once, and refuses an unknown link', async () => {
    const page = await (await newContext(app.browser, { width: 360, height: 740 })).newPage();
    await page.goto(`${app.server.url}/`);
    await waitForAppReady(page);
    const form = page.locator('.newsletter__form');
    await form.getByLabel('Name').fill('Shirin Akter');
    await form.getByLabel('Email').fill('shirin@example.test');
    await form.getByRole('button', { name: 'Subscribe' }).click();
    const link = form.getByRole('link', { name: /unsubscribe link/ });
    await link.waitFor();
    expect(await link.getAttribute('href')).toMatch(/^\/unsubscribe\/[A-Za-z0-9_-]{43}$/);
    const address = `${app.server.url}${await link.getAttribute('href')}`;

    // A fresh, signed-out browser opens the link (as from an email).
    const visitor = await (await newContext(app.browser, { width: 360, height: 740 })).newPage();
    await visitor.goto(address);
    await visitor.getByText('Stop sending our newsletter to s***@example.test?').waitFor();
    const button = visitor.getByRole('button', { name: 'Unsubscribe' });
    const box = (await button.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    await button.click();
    await visitor.getByText('You are unsubscribed. We will send no more newsletters to s***@example.test.').waitFor();
    expect(queryDb<{ gone: number }>(app.server, "SELECT unsubscribed_at IS NOT NULL AS gone FROM newsletter_subscribers WHERE email = 'shirin@example.test'")[0]!.gone).toBe(1);

    await visitor.reload();
    await visitor.getByText('This link was already used: s***@example.test is not subscribed to our newsletter.').waitFor();
    expect(await visitor.getByRole('button', { name: 'Unsubscribe' }).count()).toBe(0);

    await visitor.goto(`${app.server.url}/unsubscribe/${'Z'.repeat(43)}`);
    await visitor.getByRole('alert').filter({ hasText: 'This unsubscribe link is not valid.' }).waitFor();
    await visitor.goto(`${app.server.url}/unsubscribe/short`);
    await visitor.getByRole('alert').filter({ hasText: 'This unsubscribe link is not valid.' }).waitFor();
  });
});
