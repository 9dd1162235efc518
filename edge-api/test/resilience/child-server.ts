/**
 * The real embedded server (`node --import tsx edge-api/src/node/node.ts`) as a child process, so
 * that a test can SIGKILL it for real, measure its memory, and start it again on the same
 * DATA_DIR. Loopback only. Every child started here is killed by `stopAllChildServers`
 * (call it in afterAll) and, as a last resort, when the test process exits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { join } from 'node:path';
import { newLogFile } from '../support/logs.ts';
import { testJwtSecret, testLimits } from '../support/target.ts';
import { repoRoot } from '../support/worker-build.ts';

export interface ChildServer {
  pid: number;
  port: number;
  url: string;
  process: ChildProcess;
  /** Everything the server printed, for failure messages. */
  output(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

export async function startChildServer(
  dataDir: string,
  env: Record<string, string> = {},
  nodeOptions: string[] = [],
): Promise<ChildServer> {
  const child = spawn(process.execPath, [...nodeOptions, '--import', 'tsx', join(repoRoot, 'edge-api/src/node/node.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      JWT_SECRET: testJwtSecret,
      SEED_DEMO: 'false',
      // These runs measure durability under a burst from one address: per-client limits and
      // load shedding (tested on their own) would refuse most of it.
      ...testLimits,
      OVERLOAD_MAX_IN_FLIGHT: '100000',
      LOG_FILE: newLogFile('child'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  void exited.then(() => children.delete(child));

  let output = '';
  const port = await new Promise<number>((resolvePort, reject) => {
    const timer = setTimeout(() => reject(new Error(`The server did not start in time:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Insurance app and API at http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolvePort(Number(match[1]));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (${code ?? signal}) before listening:\n${output}`));
    });
  });

  return {
    pid: child.pid!,
    port,
    url: `http://127.0.0.1:${port}`,
    process: child,
    output: () => output,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

export async function stopAllChildServers(): Promise<void> {
  await Promise.all(
    [...children].map(
      (child) =>
        new Promise<void>((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done();
          child.once('exit', () => done());
          child.kill('SIGKILL');
        }),
    ),
  );
}

/**
 * A JSON POST over a pooled keep-alive agent; resolves with the status and the body text, or
 * rejects when the connection fails (as it does for requests in flight when the server dies).
 */
export function postJson(
  agent: http.Agent,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolveReply, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers },
        timeout: 20_000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.once('end', () => resolveReply({ status: res.statusCode ?? 0, body: text }));
        res.once('error', reject);
      },
    );
    req.once('timeout', () => req.destroy(new Error('timed out')));
    req.once('error', reject);
    req.end(payload);
  });
}
