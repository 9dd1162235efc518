/**
 * `npm run create-admin` on a Node installation (DATA_DIR): it creates an admin who can sign
 * in, or promotes an existing account and sets its password, each with an audit entry. (The
 * same tool on D1 is tested against `wrangler dev` in e2e/worker-smoke.test.ts.)
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeServer } from '../src/node/node.ts';
import { repoRoot } from './support/worker-build.ts';
import { newLogFile } from './support/logs.ts';
import { testJwtSecret, type ApiTarget } from './support/target.ts';
import { login, register, type AuthAnswer } from './support/auth-client.ts';

let dataDir: string;
let server: Awaited<ReturnType<typeof startNodeServer>>;
let api: Pick<ApiTarget, 'fetch'>;

// Run without blocking this process: the server under test lives in it and must keep serving.
async function createAdmin(...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', join(repoRoot, 'scripts/create-admin.ts'), ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  return stdout;
}

const auditOf = (email: string) =>
  server.sqlite
    .prepare('SELECT a.actor_id, a.action, a.from_value, a.to_value FROM audit_log a JOIN users u ON u.id = a.entity_id WHERE u.email = ? ORDER BY a.id')
    .all(email);

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'create-admin-'));
  server = await startNodeServer({ env: { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', JWT_SECRET: testJwtSecret, LOG_FILE: newLogFile('node'), SEED_DEMO: 'false' }, servePwa: false, quiet: true });
  api = { fetch: (path, init) => fetch(new URL(path, server.url), init) };
});
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run create-admin on Node', () => {
  it('creates an admin who signs in, with an audit entry', async () => {
    expect(await createAdmin('--email', 'Boss@Example.test', '--password', 'first-pass-1')).toContain('Created the admin boss@example.test');
    const res = await login(api as ApiTarget, 'boss@example.test', 'first-pass-1');
    expect(res.status).toBe(200);
    expect(((await res.json()) as AuthAnswer).user.role).toBe('admin');
    expect(auditOf('boss@example.test')).toEqual([{ actor_id: 'operator', action: 'user.create', from_value: null, to_value: 'admin' }]);
  });

  it('promotes an existing account and sets its password, recording both', async () => {
    expect((await register(api as ApiTarget, { name: 'Later Admin', email: 'later@example.test', password: 'own-pass-1' })).status).toBe(201);
    expect(await createAdmin('--email', 'later@example.test', '--password', 'new-pass-22')).toContain('Made an admin of later@example.test');
    expect((await login(api as ApiTarget, 'later@example.test', 'own-pass-1')).status).toBe(401);
    const res = await login(api as ApiTarget, 'later@example.test', 'new-pass-22');
    expect(res.status).toBe(200);
    expect(((await res.json()) as AuthAnswer).user.role).toBe('admin');
    expect(auditOf('later@example.test')).toEqual([
      { actor_id: 'operator', action: 'role.change', from_value: 'user', to_value: 'admin' },
      { actor_id: 'operator', action: 'user.password_set', from_value: null, to_value: null },
    ]);
  });

  it('refuses a password the product would refuse', async () => {
    await expect(createAdmin('--email', 'short@example.test', '--password', '123')).rejects.toThrow(/at least 6 characters/);
  });
});
