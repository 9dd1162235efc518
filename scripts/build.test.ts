/**
 * The compiled server as `npm start` runs it: scripts/build.mjs --if-stale builds what is missing,
 * then plain `node edge-api/dist/server.js` (no tsx) finds migrations/ and pwa/dist from where the
 * bundle sits: it applies the migrations to a fresh data folder and serves the app's page.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'compiled-server-'));
let server: ChildProcess | undefined;

const buildIfStale = () => spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: root, encoding: 'utf8' });

beforeAll(() => {
  const build = buildIfStale();
  expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0);
}, 300_000);

afterAll(() => {
  if (server?.exitCode === null) server.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the compiled server', () => {
  it('is up to date after a build: a second --if-stale run builds nothing', () => {
    const again = buildIfStale();
    expect(again.status).toBe(0);
    expect(again.stdout).not.toMatch(/Building/);
  });

  it('runs with plain node, applies the migrations and serves the built app', { timeout: 60_000 }, async () => {
    server = spawn(process.execPath, ['edge-api/dist/server.js'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', JWT_SECRET: 'x'.repeat(40), SEED_DEMO: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const port = await new Promise<number>((listening, fail) => {
      server!.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /at http:\/\/localhost:(\d+)/.exec(output);
        if (match) listening(Number(match[1]));
      });
      server!.once('exit', (code) => fail(new Error(`The server exited (${code}):\n${output}`)));
    });
    expect(output).toMatch(/Applied migrations: 0001_/);
    const page = await fetch(`http://127.0.0.1:${port}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('<div id="root"');
  });
});
