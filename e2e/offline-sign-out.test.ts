/**
 * Local data belongs to one user (issue 7). Writes queued by a user whose session ended stay
 * on the device for that user: another user signing in on the same device neither sees them
 * nor sends them with their own session; they go out when their owner signs in again. Signing
 * out on purpose warns first when changes wait to be sent, and then clears the user's local
 * data and outbox.
 */
import { describe, expect, it } from 'vitest';
import { applyForFirstPolicy, openApplicationForm } from './support/application-form.ts';
import { type Page } from './support/browser.ts';
import { loginAs, queryDb } from './support/login.ts';
import { offlineJourney, openReadyForOffline, readOutbox, readStore } from './support/offline.ts';

/** An answered pull of the sync engine (GET /api/sync): the device's own round after its pushes. */
const isAnsweredPull = (response: { url(): string }) => new URL(response.url()).pathname === '/api/sync';

const journey = offlineJourney();

const countByNominee = (nominee: string) =>
  queryDb<{ n: number }>(journey.server, 'SELECT count(*) AS n FROM applications WHERE nominee_name = ?', nominee)[0]!.n;

/** Applies through the real form while offline (the estimate arrives as the quote page sends it). */
async function applyOffline(page: Page, nominee: string) {
  await openApplicationForm(page, journey.server.url, 99);
  await applyForFirstPolicy(page, { address: 'Khulna', nid: '1234567890', nominee, relationship: 'Child' });
  await page.waitForURL((url) => url.pathname === '/dashboard/myApplication');
  await page.getByRole('row').filter({ hasText: 'Waiting to send' }).first().waitFor();
}

const signOutButton = (page: Page) => page.getByRole('button', { name: 'Sign Out' });

describe('queued writes and local data are per user', () => {
  it('keeps a user’s unsent writes from the next user, and sends them when their owner returns', async () => {
    const nominee = `Kept for its owner ${Date.now()}`;
    const { context, page } = await openReadyForOffline(journey, { role: 'user', path: '/dashboard/myApplication', viewport: { width: 1280, height: 800 } });
    const customerId = await page.evaluate(() => (JSON.parse(localStorage.getItem('session-user')!) as { id: string }).id);

    await context.setOffline(true);
    await applyOffline(page, nominee);

    // The customer's session ends by itself (refresh cookie gone, token dropped), not by Sign Out.
    // (Still offline, so that this page's own copy of the token cannot send it meanwhile.)
    await context.clearCookies();
    await page.evaluate(() => localStorage.removeItem('access-token'));
    await page.goto(`${journey.server.url}/`);
    await page.getByRole('navigation', { name: 'Main', includeHidden: true }).getByRole('link', { name: 'Login', includeHidden: true }).waitFor({ state: 'attached' });
    await context.setOffline(false);

    // Another person signs in on the same device; their first pull comes after any push the
    // device would make, so once it is answered the customer's write was held back, not sent.
    const agentPulled = page.waitForResponse(isAnsweredPull);
    await loginAs(page, journey.server, 'agent', '/dashboard/agentPolicyClearance');
    await page.getByRole('heading', { name: 'Policy Claims Clearance' }).waitFor();
    await agentPulled;
    expect(countByNominee(nominee)).toBe(0);
    const outbox = await readOutbox(page);
    expect(outbox.map((item) => [item.userId, item.state])).toEqual([[customerId, 'queued']]);
    // The agent's copy holds only what the agent may see (claims assigned to them): not the
    // customer's other applications, nor the customer's queued one; the header counts only the
    // agent's own writes.
    const applications = await readStore<{ id: string; userEmail: string; assignedAgent: string | null; nomineeName: string }>(page, 'applications');
    expect(applications.filter((row) => row.assignedAgent !== 'agent@demo.local')).toEqual([]);
    expect(applications.filter((row) => row.nomineeName === nominee || row.id.startsWith('local:'))).toEqual([]);
    expect(queryDb(journey.server, "SELECT id FROM applications WHERE user_email = 'user@demo.local' AND (assigned_agent IS NULL OR assigned_agent <> 'agent@demo.local')").length).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: /waiting to send/ }).count()).toBe(0);

    // The agent signs out (nothing of theirs waits: no warning); the customer's write stays.
    page.once('dialog', (dialog) => void dialog.dismiss());
    await signOutButton(page).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect((await readOutbox(page)).map((item) => item.userId)).toEqual([customerId]);

    // The owner signs in again: the write goes out, once.
    await loginAs(page, journey.server, 'user', '/dashboard/myApplication');
    await expect.poll(() => countByNominee(nominee), { timeout: 20_000 }).toBe(1);
    await expect.poll(async () => (await readOutbox(page)).length, { timeout: 20_000 }).toBe(0);
    await context.close();
  });

  it('warns before signing out with unsent changes, then clears the user’s local data and outbox', async () => {
    const nominee = `Dropped knowingly ${Date.now()}`;
    const { context, page } = await openReadyForOffline(journey, { role: 'user', path: '/dashboard/myApplication', viewport: { width: 1280, height: 800 } });
    await context.setOffline(true);
    await applyOffline(page, nominee);

    // First the user thinks better of it: nothing happens.
    const messages: string[] = [];
    page.once('dialog', (dialog) => {
      messages.push(dialog.message());
      void dialog.dismiss();
    });
    await signOutButton(page).click();
    await expect.poll(() => messages).toEqual(['You have 1 change waiting to send. Sign out anyway?']);
    expect(new URL(page.url()).pathname).toBe('/dashboard/myApplication');
    expect(await readOutbox(page)).toHaveLength(1);

    // Then signs out anyway: the user's local data and queued write leave the device.
    page.once('dialog', (dialog) => void dialog.accept());
    await signOutButton(page).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await readOutbox(page)).toEqual([]);
    expect(await readStore(page, 'applications')).toEqual([]);
    // The public catalogue stays for offline browsing.
    expect((await readStore(page, 'policies')).length).toBeGreaterThan(0);
    const pulledOnline = page.waitForResponse(isAnsweredPull);
    await context.setOffline(false);
    await pulledOnline;
    expect(countByNominee(nominee)).toBe(0);
    await context.close();
  });
});
