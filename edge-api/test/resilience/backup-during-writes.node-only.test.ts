/**
 * `npm run backup` while the server is taking writes: the copy must be consistent
 * (integrity_check ok), hold every write acknowledged before the backup began, and be a
 * database the server starts from once `npm run restore` has put it in a new data folder, where
 * a sync client of the old server starts its pull over (the epoch rule, decision 0020).
 * `npm run restore` refuses what is not a backup of this schema, and a running server's folder.
 * Node-only: the backup is of the SQLite file.
 */
import SQLite from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { startNodeServer } from '../../src/node/node.ts';
import { newLogFile } from '../support/logs.ts';
import { pullPage } from '../support/sync-pulls.ts';
import { nodeTarget, testJwtSecret, type ApiTarget } from '../support/target.ts';
import { repoRoot } from '../support/worker-build.ts';
import { postJson, startChildServer, stopAllChildServers } from './child-server.ts';

const run = promisify(execFile);
const dataDir = mkdtempSync(join(tmpdir(), 'backup-'));
const restoreDir = mkdtempSync(join(tmpdir(), 'restore-'));
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
let restored: Awaited<ReturnType<typeof startNodeServer>> | undefined;

afterAll(async () => {
  agent.destroy();
  await restored?.stop();
  await stopAllChildServers();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(restoreDir, { recursive: true, force: true });
});

async function npmRun(script: 'backup' | 'restore', folder: string, ...args: string[]): Promise<string> {
  const { stdout } = await run('npm', ['run', script, ...(args.length ? ['--', ...args] : [])], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: folder },
    timeout: 60_000,
  });
  return stdout;
}

async function npmRunBackup(...args: string[]): Promise<string> {
  const stdout = await npmRun('backup', dataDir, ...args);
  const match = /Backup written to (.+)$/m.exec(stdout);
  if (!match) throw new Error(`npm run backup printed no path:\n${stdout}`);
  return match[1]!.trim();
}

it('takes a consistent backup during writes that the server starts from', { timeout: 120_000 }, async () => {
  const server = await startChildServer(dataDir, { SEED_DEMO: 'true' });

  // Sixteen writers keep signing up distinct emails until told to stop.
  const acknowledged: { email: string; at: number }[] = [];
  let writing = true;
  let next = 0;
  const writers = Array.from({ length: 16 }, async () => {
    while (writing) {
      const email = `backup-${next++}@resilience.test`;
      const { status } = await postJson(agent, `${server.url}/api/subscribe`, { name: 'Backup Test', email });
      expect(status).toBe(201);
      acknowledged.push({ email, at: performance.now() });
    }
  });
  while (acknowledged.length < 300) await new Promise((r) => setTimeout(r, 20));

  const backupBegan = performance.now();
  const before = acknowledged.filter((w) => w.at < backupBegan).map((w) => w.email);
  let path: string;
  try {
    path = await npmRunBackup();
  } finally {
    writing = false;
    await Promise.all(writers);
  }
  const backupEnded = performance.now();
  expect(acknowledged.some((w) => w.at > backupBegan && w.at < backupEnded), 'writes went on during the backup').toBe(true);
  // A client of the old server, synced after the backup was taken.
  const oldServer: ApiTarget = {
    runtime: 'node',
    url: server.url,
    fetch: (address, init) => fetch(new URL(address, server.url), init),
    sql: () => Promise.reject(new Error('the child server is reached over HTTP only')),
    housekeeping: () => Promise.reject(new Error('the child server runs its own housekeeping')),
    deleteStoredImage: () => Promise.reject(new Error('the child server is reached over HTTP only')),
    hasStoredImage: () => Promise.reject(new Error('the child server is reached over HTTP only')),
    putStoredImage: () => Promise.reject(new Error('the child server is reached over HTTP only')),
    stop: () => server.kill('SIGTERM'),
  };
  const oldCursor = (await pullPage(oldServer, null)).cursor;

  expect(path.startsWith(join(dataDir, 'backups'))).toBe(true);
  expect(path).toMatch(/insurance-\d{4}-\d\d-\d\dT[\d-]+Z\.sqlite$/);
  expect(existsSync(path)).toBe(true);
  const copy = new SQLite(path, { fileMustExist: true });
  try {
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
  } finally {
    copy.close();
  }

  // Not over the running server's database: it still has the file open.
  await expect(npmRun('restore', dataDir, path)).rejects.toThrow(/in use: stop the server first/);

  // `npm run restore` into a new folder; the server starts from it and has what was written before the backup.
  expect(await npmRun('restore', restoreDir, path)).toMatch(/^Restored .+ into .+insurance\.sqlite$/m);
  restored = await startNodeServer({
    env: { DATA_DIR: restoreDir, PORT: '0', HOST: '127.0.0.1', JWT_SECRET: testJwtSecret, SEED_DEMO: 'false', LOG_FILE: newLogFile('node') },
    servePwa: false,
    quiet: true,
  });
  const policies = await fetch(`${restored.url}/api/policies`);
  expect(policies.status).toBe(200);
  expect(((await policies.json()) as unknown[]).length).toBeGreaterThanOrEqual(24);
  const stored = new Set(
    (restored.sqlite.prepare("SELECT email FROM newsletter_subscribers WHERE email LIKE 'backup-%'").all() as { email: string }[]).map(
      (row) => row.email,
    ),
  );
  expect(before.filter((email) => !stored.has(email))).toEqual([]);
  expect(stored.size).toBeGreaterThanOrEqual(before.length);
  expect(stored.size).toBeLessThanOrEqual(acknowledged.length);
  // The old server's client starts over rather than missing what the restore undid.
  const resumed = await pullPage(nodeTarget(restored), null, oldCursor);
  expect(resumed.reset).toBe(true);
  expect(resumed.cursor.split('.').at(-1)).not.toBe(oldCursor.split('.').at(-1));

  // An explicit destination is honoured, and an existing file is never overwritten.
  mkdirSync(join(dataDir, 'elsewhere'));
  const chosen = join(dataDir, 'elsewhere', 'copy.sqlite');
  expect(await npmRunBackup(chosen)).toBe(chosen);
  await expect(npmRunBackup(chosen)).rejects.toThrow(/already exists/);
  await server.kill('SIGTERM');
});

it('restores only a backup of this schema, into a stopped server, keeping what it replaces', { timeout: 120_000 }, async () => {
  const folder = mkdtempSync(join(tmpdir(), 'restore-refusals-'));
  try {
    const notSqlite = join(folder, 'notes.txt');
    writeFileSync(notSqlite, 'not a database at all, but long enough to be read as one'.repeat(20));
    await expect(npmRun('restore', folder, notSqlite)).rejects.toThrow(/not a valid backup of this database: SQLite cannot read it/);

    const otherSchema = join(folder, 'other.sqlite');
    const other = new SQLite(otherSchema);
    other.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)');
    other.close();
    await expect(npmRun('restore', folder, otherSchema)).rejects.toThrow(/no d1_migrations, sync_clock, .* tables: not a database of this product/);
    await expect(npmRun('restore', folder, join(folder, 'missing.sqlite'))).rejects.toThrow(/does not exist/);
    expect(existsSync(join(folder, 'insurance.sqlite')), 'nothing was put in place').toBe(false);

    // Over a stopped server's database: the backup goes in, the database it replaces is kept.
    const first = await startChildServer(folder);
    await first.kill('SIGTERM');
    const backup = await npmRun('backup', folder, join(folder, 'copy.sqlite'));
    expect(backup).toMatch(/Backup written to/);
    expect(await npmRun('restore', folder, join(folder, 'copy.sqlite'))).toMatch(/The database it replaced is kept as .+before-restore-/);
    expect(readdirSync(folder).filter((name) => name.startsWith('insurance.sqlite.before-restore-'))).toHaveLength(1);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
