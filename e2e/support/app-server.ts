/**
 * The real app for browser tests: the built PWA and the API served by the built Node server, as
 * `npm start` runs them, on a free port over a fresh DATA_DIR. Runs as a child process so a
 * test can stop it (the API gone) or kill it outright, and start it again on the same data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { freePort } from '../../scripts/support/free-port.ts';
import { launchBrowser, type Browser } from './browser.ts';

export const repoRoot = resolve(import.meta.dirname, '../..');

/**
 * The server as `npm start` runs it: the bundle that `npm run build` makes. Starting it takes a
 * quarter of the CPU that compiling the sources at every start (tsx) took, and the browser tests
 * start a server about a hundred times.
 */
const serverBundle = 'edge-api/dist/server.js';

export interface AppServer {
  url: string;
  port: number;
  dataDir: string;
  /** Stops the server (SIGTERM, or SIGKILL when `kill` is true). The data stays. */
  stop(kill?: boolean): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Stops it and deletes its data. */
  dispose(): Promise<void>;
}

export interface AppServerOptions {
  /**
   * Fill the demo accounts (password demo1234) and catalogue: true (default) without the
   * demo's 60 days of activity, so journeys count only their own rows; 'full' as `npm start`.
   */
  seed?: boolean | 'full';
  env?: Record<string, string>;
  /**
   * Start on a copy of the database the run seeded once (seeded-database.ts) when this server
   * would seed the same: the default seed, the real clock, demo mode. Default true.
   */
  fromSeededCopy?: boolean;
}

/** Settings under which a server would seed other content than the run's seeded copy holds. */
const seedingSettings = ['APP_CLOCK_AT', 'DEMO_MODE', 'SEED_DEMO', 'DEMO_PASSWORD', 'APP_ENV', 'NODE_ENV'];

/** The run's seeded database, when this server may start on a copy of it. */
function seededCopyFor(options: AppServerOptions): string | null {
  if (options.fromSeededCopy === false || (options.seed !== undefined && options.seed !== true)) return null;
  // The copy was seeded under this process's environment: only a setting of this server's own differs.
  if (seedingSettings.some((name) => options.env?.[name] !== undefined)) return null;
  return inject('seededDatabase') || null;
}

export async function startAppServer(options: AppServerOptions = {}): Promise<AppServer> {
  for (const [output, what] of [['pwa/dist/index.html', 'The PWA'], [serverBundle, 'The server']] as const) {
    if (!existsSync(join(repoRoot, output))) throw new Error(`${what} is not built: run \`npm run build\` first (npm test does).`);
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-app-'));
  const seeded = seededCopyFor(options);
  if (seeded) copyFileSync(seeded, join(dataDir, 'insurance.sqlite'));
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: options.seed === false ? 'false' : options.seed === 'full' ? 'true' : 'catalogue',
    DEMO_PASSWORD: 'demo1234',
    ...options.env,
  };
  let child: ChildProcess | null = null;
  const url = `http://127.0.0.1:${port}`;

  async function start() {
    child = spawn(process.execPath, [join(repoRoot, serverBundle)], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`App server exited early:\n${output}`);
      try {
        const res = await fetch(`${url}/api/faqs`);
        if (res.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`App server did not start in time:\n${output}`);
  }

  async function stop(kill = false) {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((r) => running.once('exit', r));
    running.kill(kill ? 'SIGKILL' : 'SIGTERM');
    await exited;
  }

  await start();
  return {
    url,
    port,
    dataDir,
    stop,
    start,
    async dispose() {
      await stop(true);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A server (started by `start`) and Chromium that a browser-test file shares, started before its
 * tests and stopped after them. Read `server` and `browser` inside tests (set in beforeAll).
 */
export function useServerAndBrowser<Server extends { dispose(): Promise<void> }>(start: () => Promise<Server>) {
  const shared = {} as { server: Server; browser: Browser };
  beforeAll(async () => {
    [shared.server, shared.browser] = await Promise.all([start(), launchBrowser()]);
  });
  afterAll(async () => {
    await shared.browser?.close();
    await shared.server?.dispose();
  });
  return shared;
}

/** The app server (over pwa/dist) and Chromium, shared by a browser-test file's tests. */
export const useAppAndBrowser = (options?: Parameters<typeof startAppServer>[0]) => useServerAndBrowser(() => startAppServer(options));
