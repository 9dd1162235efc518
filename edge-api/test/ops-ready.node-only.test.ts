/**
 * Readiness on Node (issue 30): 503 naming the failing check when the database file is made
 * read-only, 200 again once it is writable; live stays 200 throughout. And 503 'disk' when the
 * data folder has less free space than READY_MIN_FREE_MB.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call } from './support/calls.ts';
import { testOpsToken } from './support/log-secrets.ts';
import { startNodeOnFreshData } from './support/target.ts';

type Started = Awaited<ReturnType<typeof startNodeOnFreshData>>;
let started: Started;
beforeAll(async () => {
  started = await startNodeOnFreshData({ OPS_TOKEN: testOpsToken });
});
afterAll(() => started?.stop());

const ready = (api = started.api) => call(api, 'GET', '/api/health/ready', null, undefined, { authorization: `Bearer ${testOpsToken}` });
const live = () => call(started.api, 'GET', '/api/health/live');

/**
 * Read-only for everyone: the mode for a server run as any user, and the immutable attribute for
 * one run as root (whom the mode does not stop). SQLite writes to the WAL file first, so it too.
 */
function setReadOnly(readOnly: boolean) {
  const files = ['insurance.sqlite', 'insurance.sqlite-wal'].map((name) => join(started.dataDir, name)).filter((file) => existsSync(file));
  const root = process.getuid?.() === 0;
  // An immutable file's mode cannot change: the attribute goes last on, first off.
  if (root && !readOnly) execFileSync('chattr', ['-i', ...files]);
  for (const file of files) chmodSync(file, readOnly ? 0o444 : 0o644);
  if (root && readOnly) execFileSync('chattr', ['+i', ...files]);
}

it('goes 503 naming db_write while the database file is read-only, and back to 200', async () => {
  expect((await ready()).status).toBe(200);
  setReadOnly(true);
  try {
    const refused = await ready();
    expect(refused.status, JSON.stringify(refused.body)).toBe(503);
    expect(refused.body).toMatchObject({ status: 'unavailable', failed: 'db_write' });
    expect(refused.body.checks.db_read.ok).toBe(true);
    // The public learns which check failed, not why.
    const visitor = await call(started.api, 'GET', '/api/health/ready');
    expect(visitor.body).toEqual({ status: 'unavailable', failed: 'db_write' });
    expect((await live()).status).toBe(200);
  } finally {
    setReadOnly(false);
  }
  const again = await ready();
  expect(again.status, JSON.stringify(again.body)).toBe(200);
  expect((await live()).status).toBe(200);
});

it("goes 503 naming disk when the data folder's free space is under the threshold", async () => {
  // More than any disk holds: a petabyte.
  const full = await startNodeOnFreshData({ OPS_TOKEN: testOpsToken, READY_MIN_FREE_MB: String(1024 ** 3) });
  try {
    const refused = await ready(full.api);
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ status: 'unavailable', failed: 'disk' });
    expect(refused.body.checks.disk.error).toMatch(/bytes free/);
  } finally {
    await full.stop();
  }
  const detail = (await ready()).body.checks.disk.detail;
  expect(detail.freeBytes).toBeGreaterThan(detail.minFreeBytes);
});
