/**
 * Faults fail clearly on the Node server (docs/security.md): a full disk gives 503 with a clear
 * message and leaves no partial file; an unwritable data folder stops start-up with one line and
 * a non-zero exit. (Past capacity: overload.node-only.test.ts.)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { storageFullMessage } from '../src/http/errors.ts';
import { pngImage } from './support/images.ts';
import { startNodeOnFreshData, testJwtSecret } from './support/target.ts';
import { createTestUser } from './support/users.ts';
import { repoRoot } from './support/worker-build.ts';

/** While set, writing an image's bytes stops half-way with ENOSPC, as a full disk does. */
let diskFull = false;
vi.mock('node:fs/promises', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs/promises')>();
  const writeFile: typeof fs.writeFile = async (path, data, options) => {
    if (diskFull && /[\\/]images[\\/]/.test(String(path)) && data instanceof Uint8Array) {
      await fs.writeFile(path, data.subarray(0, Math.floor(data.length / 2)), options);
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });
    }
    return fs.writeFile(path, data, options);
  };
  return { ...fs, writeFile, default: { ...fs, writeFile } };
});

const started: Awaited<ReturnType<typeof startNodeOnFreshData>>[] = [];
const dirs: string[] = [];

async function serve(env: Record<string, string> = {}) {
  const node = await startNodeOnFreshData(env);
  started.push(node);
  return node;
}

afterAll(async () => {
  for (const node of started) await node.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('a full disk', () => {
  it('answers an upload with 503 and a clear message, and leaves no partial file', async () => {
    const { api, dataDir } = await serve();
    const user = await createTestUser(api);
    const upload = () => {
      const form = new FormData();
      form.set('image', new Blob([pngImage(64, 64)], { type: 'image/png' }), 'a.png');
      return api.fetch('/api/uploads', { method: 'POST', headers: { authorization: `Bearer ${user.token}` }, body: form });
    };
    diskFull = true;
    const res = await upload();
    diskFull = false;
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: 'service_unavailable', message: storageFullMessage });
    expect(readdirSync(join(dataDir, 'images'))).toEqual([]);
    expect(await api.sql('SELECT id FROM images')).toEqual([]);

    // Space again: the same upload is stored whole.
    expect((await upload()).status).toBe(201);
    expect(readdirSync(join(dataDir, 'images')).filter((name) => name.endsWith('.png'))).toHaveLength(1);
  });
});

describe('an unwritable data folder', () => {
  it('stops start-up with one clear line and a non-zero exit', async () => {
    const base = mkdtempSync(join(tmpdir(), 'api-faults-'));
    dirs.push(base);
    // A file where the data folder should be: no user can write there (root included).
    writeFileSync(join(base, 'not-a-folder'), '');
    const dataDir = join(base, 'not-a-folder', 'data');
    const child = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'edge-api/src/node/node.ts')], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', JWT_SECRET: testJwtSecret },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const code = await new Promise<number | null>((done) => child.on('exit', done));
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(`Cannot start: the data folder ${dataDir} is not writable (ENOTDIR). Set DATA_DIR to a folder this user can write to.`);
  }, 60_000);
});
