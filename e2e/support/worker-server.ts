/**
 * The app as a Worker, the way an operator runs it locally: `wrangler d1 migrations apply DB
 * --local`, the operator tools (`npm run seed -- --d1 local`, `npm run create-admin -- ... --d1
 * local`), then `wrangler dev` with the committed `.dev.vars.example` as its settings, over
 * local D1 and R2 in a fresh state folder and on a free port. Nothing here needs the network.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../scripts/support/free-port.ts';
import { repoRoot } from './app-server.ts';
import { copyWholeBuild } from './offline.ts';

const wrangler = join(repoRoot, 'node_modules/.bin/wrangler');
export const wranglerEnv = { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: 'true', NO_UPDATE_NOTIFIER: '1' };

export { freePort };

const run = (command: string, args: string[]) => {
  try {
    return execFileSync(command, args, { cwd: repoRoot, env: wranglerEnv, encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    throw new Error(`${[command, ...args].join(' ')} failed:\n${failed.stderr ?? ''}${failed.stdout ?? ''}`, { cause: error });
  }
};

/**
 * `npm run <tool> -- <args>` as the operator types it (without npm's own output). Run once more,
 * with the first failure printed, only when it stopped on a bare assert() (Node's `false == true`,
 * for code whose source it cannot show; no message of ours): `seed --d1 local` did so once in a
 * clean-clone run, in the file's setup, where vitest retries nothing. Not understood yet: the tools
 * now print such a failure's stack (scripts/operator/cli.ts), so the next one says where it was.
 */
export const operatorTool = (tool: 'create-admin' | 'seed' | 'export-to-d1', args: string[]) => {
  const command = ['--import', 'tsx', join(repoRoot, `scripts/${tool}.ts`), ...args];
  try {
    return run(process.execPath, command);
  } catch (error) {
    if (!(error instanceof Error) || !/^(AssertionError \[ERR_ASSERTION\]: )?false == true$/m.test(error.message)) throw error;
    console.warn(`Running ${tool} again after a bare assertion:\n${error.message}`);
    return run(process.execPath, command);
  }
};

/** A fresh local state folder with the migrations applied, as `wrangler d1 migrations apply DB --local` does. */
export function migratedState(): string {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-worker-state-'));
  run(wrangler, ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', dir]);
  return dir;
}

export interface WorkerServer {
  url: string;
  persistTo: string;
  dispose(): Promise<void>;
}

/** `wrangler dev` over the state folder `persistTo` (made with migratedState and the tools). */
export async function startWorkerServer(persistTo: string): Promise<WorkerServer> {
  const assets = await copyWholeBuild(join(repoRoot, 'pwa/dist'));
  const [port, inspectorPort] = [await freePort(), await freePort()];
  const args = ['dev', '--ip', '127.0.0.1', '--port', String(port), '--inspector-port', String(inspectorPort), '--persist-to', persistTo,
    '--assets', assets, '--env-file', join(repoRoot, '.dev.vars.example'), '--show-interactive-dev-session=false', '--log-level', 'warn'];
  // Its own process group, so stopping it stops workerd too.
  const child: ChildProcess = spawn(wrangler, args, { cwd: repoRoot, env: wranglerEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  // Should the test run end before dispose (a hook timing out), do not leave wrangler behind.
  const killOnExit = () => child.pid !== undefined && child.exitCode === null && process.kill(-child.pid, 'SIGKILL');
  process.once('exit', killOnExit);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise((done) => child.once('exit', done));
    process.kill(-child.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((done) => setTimeout(done, 5000))]);
    if (child.exitCode === null) process.kill(-child.pid, 'SIGKILL');
  };
  const dispose = async () => {
    await stop();
    process.off('exit', killOnExit);
    rmSync(assets, { recursive: true, force: true });
    rmSync(persistTo, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(url)).ok) return { url, persistTo, dispose };
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  await dispose();
  throw new Error(`wrangler dev did not start:\n${output}`);
}
