/**
 * Child processes of a benchmark run: the real app (as `npm start` runs it) and the plain
 * reference server. Servers run in their own processes so the load generator in this
 * process never shares an event loop with the server it measures. Every child is killed
 * when the run ends, however it ends.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../../scripts/support/free-port.ts';

export { freePort };

export const repoRoot = resolve(import.meta.dirname, '../..');
export const migrationsDir = join(repoRoot, 'migrations');
export const pwaDist = join(repoRoot, 'pwa/dist');

/** The secret the bench passes to the server, so it can mint tokens the server accepts. */
export const benchJwtSecret = 'bench-only-secret-0123456789-abcdefghijklmnop';
/** Long-lived tokens: a benchmark must not run into the default five-minute expiry. */
export const benchTokenTtlSeconds = '86400';

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    for (const child of running) child.kill('SIGKILL');
    process.exit(130);
  });
}

/** Resident and peak resident memory of a process in kB, from /proc (Linux); null once it has exited. */
export function processMemoryKb(pid: number): { rssKb: number; peakRssKb: number } | null {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return null;
  }
  const read = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssKb: read('VmRSS'), peakRssKb: read('VmHWM') };
}

export interface ServerProcess {
  url: string;
  pid: number;
  /** Everything it printed so far (for error messages). */
  output(): string;
  /** SIGTERM (a graceful exit, so `--cpu-prof` writes its profile), SIGKILL after 10 s. */
  stop(): Promise<void>;
}

async function spawnServer(args: string[], env: NodeJS.ProcessEnv, url: string, readyPath: string): Promise<ServerProcess> {
  const child = spawn(process.execPath, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output}`);
    try {
      // Any HTTP answer means it is listening.
      await fetch(url + readyPath);
      return { url, pid: child.pid ?? 0, output: () => output, stop };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await stop();
  throw new Error(`The server did not start within 60 s:\n${output}`);
}

export interface AppServerOptions {
  /** Demo content and accounts (SEED_DEMO=true). Default false: the benchmark brings its data. */
  seed?: boolean;
  /** Fills the fresh DATA_DIR before the server starts (the schema is not there yet). */
  prepare?: (dataDir: string) => void | Promise<void>;
  /** Extra Node flags, e.g. --cpu-prof. */
  nodeArgs?: string[];
  env?: Record<string, string>;
  /** The port to listen on (default: a free one). */
  port?: number;
}

export interface AppServer extends ServerProcess {
  dataDir: string;
  /** Stops the server and deletes its data. */
  dispose(): Promise<void>;
}

export function pwaIsBuilt(): boolean {
  return existsSync(join(pwaDist, 'index.html'));
}

/** The environment the app runs with in a benchmark (and the same-work floor beside it). */
function serverEnv(port: number, dataDir: string, options: AppServerOptions): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: options.seed ? 'true' : 'false',
    DEMO_PASSWORD: 'demo1234',
    JWT_SECRET: benchJwtSecret,
    ACCESS_TOKEN_TTL_SECONDS: benchTokenTtlSeconds,
    // Every benchmark's clients share one address: they measure capacity, not one client's share.
    OVERLOAD_MAX_PER_CLIENT: '100000000',
    // The benches apply as one person, over and over: what is measured is the write, not the
    // limits' 409s and 429s (both limits are still checked on every application).
    APPLICATIONS_OPEN_PER_POLICY: '1000000000',
    RATE_LIMIT_APPLICATIONS: '1000000000/86400',
    ...options.env,
  };
}

/** A started server whose dispose() stops it and deletes its data directory. */
function disposingDataDir(server: ServerProcess, dataDir: string): AppServer {
  return {
    ...server,
    dataDir,
    async dispose() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The real app and API, as `npm start` runs them, on a free port over a fresh DATA_DIR. */
export async function startApp(options: AppServerOptions = {}): Promise<AppServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-app-'));
  try {
    await options.prepare?.(dataDir);
    const port = options.port ?? (await freePort());
    const env = serverEnv(port, dataDir, options);
    const args = [...(options.nodeArgs ?? []), '--import', 'tsx', join(repoRoot, 'edge-api/src/node/node.ts')];
    return disposingDataDir(await spawnServer(args, env, `http://127.0.0.1:${port}`, '/api/faqs'), dataDir);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The same-work floor (bench/support/floor-server.ts) over a copy of the app's data (the same
 * users, so the same tokens), with the app's environment; `dataDir` is deleted by dispose().
 */
export async function startFloorServer(dataDir: string, options: AppServerOptions = {}): Promise<AppServer> {
  const port = await freePort();
  const args = [...(options.nodeArgs ?? []), '--import', 'tsx', join(repoRoot, 'bench/support/floor-server.ts')];
  try {
    return disposingDataDir(await spawnServer(args, serverEnv(port, dataDir, options), `http://127.0.0.1:${port}`, '/api/policies/-'), dataDir);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/** The plain node:http reference server (bench/support/plain-server.ts) answering `responsesFile`. */
export async function startPlainServer(responsesFile: string): Promise<ServerProcess> {
  const port = await freePort();
  const args = ['--import', 'tsx', join(repoRoot, 'bench/support/plain-server.ts'), responsesFile];
  return spawnServer(args, { ...process.env, PORT: String(port) }, `http://127.0.0.1:${port}`, '/');
}
