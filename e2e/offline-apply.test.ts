/**
 * Applying for a policy offline (issue 7): the application goes into the durable outbox with
 * a client-made mutation id and shows at once in My Applications as 'Waiting to send'; it
 * survives closing the page; when the network returns it is sent, and the server holds it
 * exactly once however often the app pushes again.
 */
import { describe, expect, it } from 'vitest';
import { applyForFirstPolicy, calculateQuote } from './support/application-form.ts';
import type { Page } from './support/browser.ts';
import { queryDb, writeDb } from './support/login.ts';
import { offlineJourney, openReadyForOffline, readOutbox } from './support/offline.ts';

const journey = offlineJourney();

const countByNominee = (nominee: string) =>
  queryDb<{ n: number }>(journey.server, 'SELECT count(*) AS n FROM applications WHERE nominee_name = ?', nominee)[0]!.n;

async function applyThroughTheForm(page: Page, nominee: string): Promise<string> {
  await page.goto(`${journey.server.url}/get-quote`);
  await calculateQuote(page, { age: '30', coverage: '1000000', years: '5' });
  await page.getByRole('button', { name: 'Apply for Policy' }).click();
  await page.getByRole('heading', { name: 'Apply for a Policy' }).waitFor();
  return applyForFirstPolicy(page, { address: 'House 3, Road 9, Mirpur, Dhaka', nid: '1990123456789', nominee, relationship: 'Spouse', healthy: true });
}

describe('applying for a policy offline', () => {
  it('queues it, keeps it through a closed page, and sends it exactly once when back online', async () => {
    const nominee = `Offline Nominee ${Date.now()}`;
    const { context, page: firstPage } = await openReadyForOffline(journey, { role: 'user', path: '/dashboard/myApplication' });
    let page = firstPage;

    await context.setOffline(true);
    const policyTitle = await applyThroughTheForm(page, nominee);

    // At once, on the device: My Applications lists it as waiting, and so does the header.
    await page.waitForURL((url) => url.pathname === '/dashboard/myApplication');
    const row = page.getByRole('row').filter({ hasText: policyTitle }).filter({ hasText: 'Waiting to send' });
    await row.waitFor();
    await page.getByRole('button', { name: '1 waiting to send' }).waitFor();
    let outbox = await readOutbox(page);
    expect(outbox.map((item) => [item.type, item.state])).toEqual([['application.create', 'queued']]);
    const mutationId = outbox[0]!.mutationId;
    expect(mutationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(countByNominee(nominee)).toBe(0);

    // Close the page; open the app again, still offline: the write is still there.
    await page.close();
    page = await context.newPage();
    await page.goto(`${journey.server.url}/dashboard/myApplication`);
    await page.getByRole('row').filter({ hasText: policyTitle }).filter({ hasText: 'Waiting to send' }).waitFor();
    expect(countByNominee(nominee)).toBe(0);

    // Back online: it is sent, and the server's row replaces the waiting one.
    await context.setOffline(false);
    await expect.poll(() => countByNominee(nominee), { timeout: 20_000 }).toBe(1);
    await expect.poll(async () => (await readOutbox(page)).length, { timeout: 20_000 }).toBe(0);
    await page.getByRole('row').filter({ hasText: policyTitle }).first().waitFor();
    expect(await page.getByRole('row').filter({ hasText: 'Waiting to send' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /waiting to send/ }).count()).toBe(0);

    // Further pushes and pulls (reload, the online event again) change nothing on the server.
    // Each is waited for by its answer: a pull that came back means the push before it was done.
    const pulledAfterReload = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/sync');
    await page.reload();
    await pulledAfterReload;
    const pulledWhenOnline = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/sync');
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await pulledWhenOnline;
    await page.getByRole('row').filter({ hasText: policyTitle }).first().waitFor();
    expect(countByNominee(nominee)).toBe(1);
    const recorded = queryDb<{ n: number }>(journey.server, 'SELECT count(*) AS n FROM processed_mutations WHERE mutation_id = ?', mutationId)[0]!.n;
    expect(recorded).toBe(1);
    outbox = await readOutbox(page);
    expect(outbox).toEqual([]);
    await context.close();
  });

  it('shows a queued application past the open-per-policy limit as refused, with the reason', async () => {
    const nominee = `Past the limit ${Date.now()}`;
    const { context, page } = await openReadyForOffline(journey, { role: 'user', path: '/dashboard/myApplication', viewport: { width: 1280, height: 800 } });

    await context.setOffline(true);
    const policyTitle = await applyThroughTheForm(page, nominee);
    // Kept on the device: the form has moved on to My Applications (the answer is no longer awaited).
    await page.waitForURL((url) => url.pathname === '/dashboard/myApplication');
    await page.getByRole('button', { name: '1 waiting to send' }).waitFor();
    // Meanwhile (from another device, say) the person reached the limit for this policy.
    for (let i = 0; i < 3; i++) {
      writeDb(
        journey.server,
        `INSERT INTO applications (id, user_id, user_email, name, address, nid, nominee_name, relationship, policy_id, policy_name, status, payment_status, applied_at)
         SELECT lower(hex(randomblob(16))), u.id, u.email, 'Earlier', 'Dhaka', '1', 'Earlier nominee', 'Spouse', p.id, p.title, 'pending', 'unpaid', ?
         FROM users u, policies p WHERE u.email = 'user@demo.local' AND p.title = ?`,
        new Date().toISOString(),
        policyTitle,
      );
    }

    // Back online: the server refuses it (409), and the person is told why.
    await context.setOffline(false);
    await page
      .getByText(`Application for ${policyTitle}: You already have 3 open applications for this policy. Please wait for a decision, or delete a pending one, before applying for it again.`)
      .first()
      .waitFor({ timeout: 30_000 });
    expect(countByNominee(nominee)).toBe(0);
    await context.close();
  });
});
