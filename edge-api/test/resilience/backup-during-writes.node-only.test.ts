/**
 * `npm run backup` while the server is taking writes: the copy must be consistent
 * (integrity_check ok), hold every write acknowledged before the backup began, and be a
 * database the server starts from as it is. Node-only: the backup is of the SQLite file.
 */
import SQLite from 'better-sqlite3';
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { startNodeServer } from '../../src/node/node.ts';
import { testJwtSecret } from '../support/target.ts';
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

async function npmRunBackup(...args: string[]): Promise<string> {
  const { stdout } = await run('npm', ['run', 'backup', ...(args.length ? ['--', ...args] : [])], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir },
    timeout: 60_000,
  });
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

  expect(path.startsWith(join(dataDir, 'backups'))).toBe(true);
  expect(path).toMatch(/insurance-\d{4}-\d\d-\d\dT[\d-]+Z\.sqlite$/);
  expect(existsSync(path)).toBe(true);
  const copy = new SQLite(path, { fileMustExist: true });
  try {
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
  } finally {
    copy.close();
  }

  // The server starts from the backup as its database, and has what was written before it.
  copyFileSync(path, join(restoreDir, 'insurance.sqlite'));
  restored = await startNodeServer({
    env: { DATA_DIR: restoreDir, PORT: '0', HOST: '127.0.0.1', JWT_SECRET: testJwtSecret, SEED_DEMO: 'false' },
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

  // An explicit destination is honoured, and an existing file is never overwritten.
  mkdirSync(join(dataDir, 'elsewhere'));
  const chosen = join(dataDir, 'elsewhere', 'copy.sqlite');
  expect(await npmRunBackup(chosen)).toBe(chosen);
  await expect(npmRunBackup(chosen)).rejects.toThrow(/already exists/);
  await server.kill('SIGTERM');
});
