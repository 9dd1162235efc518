/**
 * Issue 29, point 10: at 360 px a signed-in customer writes to support while offline; the
 * message waits on the device and, once online, reaches the admins' support inbox with the
 * sender's email and account.
 */
import { describe, expect, it } from 'vitest';
import { newContext } from './support/browser.ts';
import { loginAs, queryDb } from './support/login.ts';
import { offlineJourney, openReadyForOffline, readOutbox } from './support/offline.ts';

const journey = offlineJourney();

describe('the support inbox', () => {
  it('receives a message written offline once the sender is back online', async () => {
    const { context, page } = await openReadyForOffline(journey, { role: 'user', path: '/contact', viewport: { width: 360, height: 740 } });
    await page.getByRole('heading', { name: 'Contact Us' }).waitFor();
    await context.setOffline(true);
    await page.getByLabel('Name').fill('Demo Customer');
    await page.getByLabel('Message').fill('My NID card photo is blurry, can I send it again?');
    const send = page.getByRole('button', { name: 'Send Message' });
    const box = (await send.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(360);
    await send.click();
    await page.getByText('You are offline: your message is kept on this device and will be sent when you are back online.', { exact: false }).waitFor();
    expect((await readOutbox(page)).map((item) => [item.type, item.state])).toEqual([['support.send', 'queued']]);
    expect(queryDb(journey.server, 'SELECT id FROM support_messages')).toEqual([]);

    await context.setOffline(false);
    await expect.poll(() => queryDb(journey.server, 'SELECT email FROM support_messages').length, { timeout: 20_000 }).toBe(1);

    const admin = await (await newContext(journey.browser, { width: 360, height: 740 })).newPage();
    await loginAs(admin, journey.server, 'admin', '/dashboard/supportInbox');
    await admin.getByRole('heading', { name: 'Support Inbox' }).waitFor();
    const row = admin.getByRole('row').filter({ hasText: 'My NID card photo is blurry' });
    await row.waitFor();
    // The email it was sent from (the account's, as the form was left blank) and the account.
    await row.getByRole('link', { name: 'user@demo.local' }).waitFor();
    await row.getByText('Signed in as user@demo.local').waitFor();
  });
});
