/**
 * Exactly once under a bad network (issue 7): 50 applications queued offline are pushed while
 * the network flaps, a reply is lost after the server applied its batch, and the server is
 * killed (SIGKILL) and restarted once. The client keeps retrying with the same mutation ids;
 * the server ends up with exactly 50 applications, each recorded once.
 */
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { applyForFirstPolicy, openApplicationForm } from './support/application-form.ts';
import { type Page } from './support/browser.ts';
import { queryDb } from './support/login.ts';
import { offlineJourney, openReadyForOffline, readOutbox } from './support/offline.ts';

// One person sends 50 applications for one policy here: what is tested is the network, so the
// per-person limits on applications (issue 24) are set out of reach.
const journey = offlineJourney({ APPLICATIONS_OPEN_PER_POLICY: '1000', RATE_LIMIT_APPLICATIONS: '1000/86400' });

const queuedCount = 50;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens the application form with an estimated premium in its navigation state, as the quote page does. */
async function openForm(page: Page) {
  await openApplicationForm(page, journey.server.url, 15_000); // poisha: ৳150.00
  await page.getByLabel('Estimated premium (monthly)').and(page.locator('[value="৳150.00"]')).waitFor();
}

async function submitOne(page: Page, nominee: string) {
  await applyForFirstPolicy(page, { address: 'Flat 4B, Agrabad, Chattogram', nid: '2001234567', nominee, relationship: 'Sibling' });
  await page.waitForURL((url) => url.pathname === '/dashboard/myApplication');
}

describe('pushing 50 queued writes through a flapping network and a killed server', () => {
  it('leaves exactly 50 applications on the server', { timeout: 240_000 }, async () => {
    const prefix = `Flaky ${Date.now()} #`;
    const { context, page } = await openReadyForOffline(journey, { role: 'user', path: '/dashboard/myApplication' });

    // Offline, 50 applications through the real form.
    await context.setOffline(true);
    await openForm(page);
    for (let i = 1; i <= queuedCount; i++) {
      await submitOne(page, `${prefix}${i}`);
      if (i < queuedCount) await page.goBack();
    }
    await page.getByRole('button', { name: `${queuedCount} waiting to send` }).waitFor();
    expect((await readOutbox(page)).filter((item) => item.state === 'queued')).toHaveLength(queuedCount);

    // The network misbehaves for the first pushes.
    let pushes = 0;
    let restarted: Promise<void> | null = null;
    await context.route('**/api/sync/push', async (route: Route) => {
      pushes++;
      if (pushes === 1) {
        // The server applies the batch, but its reply never reaches the phone.
        await route.fetch();
        await route.abort('internetdisconnected');
      } else if (pushes === 2) {
        // The server dies (SIGKILL) while the request is on its way, and comes back later.
        await journey.server.stop(true);
        restarted = sleep(1500).then(() => journey.server.start());
        await route.continue().catch(() => undefined);
      } else {
        await route.continue().catch(() => undefined);
      }
    });

    // Back online, and the connection flaps a few times while the outbox pushes.
    await context.setOffline(false);
    for (let flap = 0; flap < 4; flap++) {
      await sleep(300 + flap * 150);
      await context.setOffline(true);
      await sleep(200);
      await context.setOffline(false);
    }
    await expect.poll(() => restarted !== null, { timeout: 20_000 }).toBe(true);
    await restarted;

    // Eventually everything is sent (the app retries with backoff; the online event nudges it).
    await expect
      .poll(() => queryDb<{ n: number }>(journey.server, 'SELECT count(*) AS n FROM applications WHERE nominee_name LIKE ?', `${prefix}%`)[0]!.n, {
        timeout: 90_000,
        interval: 500,
      })
      .toBe(queuedCount);
    await expect.poll(async () => (await readOutbox(page)).length, { timeout: 30_000 }).toBe(0);
    expect(pushes).toBeGreaterThanOrEqual(3);

    // Exactly 50 effects: one row per nominee, one audit entry and one mutation record each.
    const rows = queryDb<{ nominee_name: string; id: string }>(journey.server, 'SELECT nominee_name, id FROM applications WHERE nominee_name LIKE ?', `${prefix}%`);
    expect(new Set(rows.map((row) => row.nominee_name)).size).toBe(queuedCount);
    const ids = rows.map((row) => row.id);
    const audits = queryDb<{ n: number }>(
      journey.server,
      `SELECT count(*) AS n FROM audit_log WHERE action = 'application.create' AND entity_id IN (${ids.map(() => '?').join(',')})`,
      ...ids,
    )[0]!.n;
    expect(audits).toBe(queuedCount);
    await page.getByRole('row').filter({ hasText: 'Waiting to send' }).first().waitFor({ state: 'detached', timeout: 20_000 });
    await context.close();
  });
});
