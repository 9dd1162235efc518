/**
 * A server restored from a backup (issue 15): a client that synced after the backup was taken
 * holds a cursor of a line of versions the restored database does not have. Its next pull must
 * start over (the cursor names the server's epoch, and `npm run backup` gives the copy a new
 * one), so it misses no change made after the restore and keeps nothing the restore undid.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backupDatabase } from '../edge-api/src/node/backup.ts';
import { policyRow } from '../edge-api/src/seed/factories.ts';
import { newContext, type Page } from './support/browser.ts';
import { writeDb } from './support/login.ts';
import { offlineJourney, readStore, waitForLocalCopy, waitForServiceWorker } from './support/offline.ts';

const journey = offlineJourney();

function addPolicy(title: string) {
  const row = policyRow({ title });
  const entries = Object.entries(row).filter(([, value]) => value !== undefined);
  writeDb(
    journey.server,
    `INSERT INTO policies (${entries.map(([key]) => key).join(', ')}) VALUES (${entries.map(() => '?').join(', ')})`,
    ...entries.map(([, value]) => value),
  );
}

const localTitles = async (page: Page) => (await readStore<{ title: string }>(page, 'policies')).map((policy) => policy.title);

describe('a server restored from a backup', () => {
  it('makes the client pull afresh: no change after the restore is missed, nothing undone is kept', { timeout: 150_000 }, async () => {
    const stamp = Date.now();
    const context = await newContext(journey.browser, { width: 1280, height: 800 });
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/`);
    await waitForServiceWorker(page);
    await waitForLocalCopy(page);

    const backupDir = mkdtempSync(join(tmpdir(), 'e2e-backup-'));
    const backup = await backupDatabase(journey.server.dataDir, join(backupDir, 'insurance.sqlite'));

    // After the backup: a change the client pulls.
    addPolicy(`Undone by the restore ${stamp}`);
    await page.reload();
    await expect.poll(() => localTitles(page), { timeout: 30_000 }).toContain(`Undone by the restore ${stamp}`);

    // The server is restored from the backup, and changes are made on it: as many as the client
    // had seen since the backup, and one more, so its old cursor's number is reached again.
    await journey.server.stop();
    const live = join(journey.server.dataDir, 'insurance.sqlite');
    rmSync(`${live}-wal`, { force: true });
    rmSync(`${live}-shm`, { force: true });
    copyFileSync(backup, live);
    await journey.server.start();
    addPolicy(`Made after the restore ${stamp}`);
    addPolicy(`Also after the restore ${stamp}`);

    await page.reload();
    await expect
      .poll(() => localTitles(page), { timeout: 30_000 })
      .toEqual(expect.arrayContaining([`Made after the restore ${stamp}`, `Also after the restore ${stamp}`]));
    expect(await localTitles(page)).not.toContain(`Undone by the restore ${stamp}`);
    await context.close();
    rmSync(backupDir, { recursive: true, force: true });
  });
});
