/**
 * Benchmark 13: what durable commits cost (decision 0075). The real server (the Node entry over
 * SQLite in WAL mode, with group commit) answers new applications (`POST /api/applications`,
 * signed in, a new Idempotency-Key each) with `synchronous = NORMAL` (before: survives a process
 * crash only) and `FULL` (now: survives an OS crash and a power cut), in turns (NORMAL, FULL,
 * NORMAL, FULL, ...) so both see the same machine load. Printed: applications per second at 1
 * connection (where no two requests share a commit), 10 and 50, and the ratio FULL / NORMAL.
 * Then, under strace (when it can attach), the fsyncs the server made per application answered
 * at 10 connections: group commit should make it well under one.
 * The database lives in the system's temporary folder, which must be a real disk for the
 * figures to mean anything (on tmpfs an fsync costs nothing).
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { openSqlite } from '../edge-api/src/node/sqlite-node.ts';
import { accessTokenFor, applicationBody, benchPolicies, fillDatabase, insertRows, insertUser, type BenchUser } from './support/data.ts';
import { commandLine, connections, runLoad, type LoadSpec } from './support/load.ts';
import { startApp, type AppServer } from './support/processes.ts';
import { code, markdownTable, noGoal, type BenchContext, type BenchOutcome } from './support/report.ts';
import { formatNumber, formatRatio, median } from './support/stats.ts';

const settings = ['NORMAL', 'FULL'] as const;
type Setting = (typeof settings)[number];

/** The application limits are product rules, not what is measured here: out of the way. */
const noApplicationLimits = { APPLICATIONS_OPEN_PER_POLICY: '1000000000', RATE_LIMIT_APPLICATIONS: '1000000000/86400' };

async function startWith(setting: Setting): Promise<{ app: AppServer; spec: LoadSpec }> {
  let user: BenchUser | undefined;
  const prepare = (dataDir: string) =>
    fillDatabase(dataDir, (sqlite) => {
      insertRows(sqlite, 'policies', benchPolicies(10));
      user = insertUser(sqlite, 'user', 'Bench Applicant');
    });
  const app = await startApp({ prepare, env: { SQLITE_SYNCHRONOUS: setting, ...noApplicationLimits } });
  const token = await accessTokenFor(user!);
  const spec: LoadSpec = {
    method: 'POST',
    path: '/api/applications',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(applicationBody(user!, 'bench-policy-1')),
    // Every request is a new application: a replayed key would only measure the replay path.
    vary: () => ({ headers: { 'idempotency-key': randomUUID() } }),
  };
  return { app, spec };
}

const storedApplications = (app: AppServer) => {
  const sqlite = openSqlite(join(app.dataDir, 'insurance.sqlite'));
  try {
    return (sqlite.prepare('SELECT count(*) AS n FROM applications').get() as { n: number }).n;
  } finally {
    sqlite.close();
  }
};

/** fsync and fdatasync calls of the server while `load` runs, counted by strace; null when strace cannot attach. */
async function countFsyncs(pid: number, load: () => Promise<unknown>): Promise<number | null> {
  const strace = spawn('strace', ['-f', '-c', '-e', 'trace=fsync,fdatasync', '-p', String(pid)], { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  strace.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => strace.once('close', resolve));
  strace.once('error', () => {});
  // strace says so once it is attached; a missing strace or a refused attach ends it instead.
  for (let waited = 0; !/attached/i.test(output) && strace.exitCode === null && waited < 5000; waited += 50) await sleep(50);
  if (!/attached/i.test(output)) {
    strace.kill();
    return null;
  }
  try {
    await load();
  } finally {
    strace.kill('SIGINT');
  }
  await exited;
  // The summary's rows: "% time  seconds  usecs/call  calls  [errors]  syscall".
  const calls = [...output.matchAll(/^\s*[\d.]+\s+[\d.]+\s+\d+\s+(\d+)\s+(?:\d+\s+)?(fsync|fdatasync)\s*$/gm)].map((m) => Number(m[1]));
  return calls.reduce((sum, n) => sum + n, 0);
}

/** Concurrent clients: 1 (no two applications share a commit), the API bench's 10, and 50 (larger groups). */
const levels = [1, connections, 50] as const;

export async function runDurabilityBench(ctx: BenchContext): Promise<BenchOutcome> {
  const seconds = ctx.quick ? 3 : 8;
  const pairs = ctx.quick ? 1 : 3;
  // Applications per second, per setting, per level, one entry per run.
  const runs = Object.fromEntries(settings.map((setting) => [setting, levels.map(() => [] as number[])])) as Record<Setting, number[][]>;
  let command = '';
  for (let pair = 0; pair < pairs; pair++) {
    for (const setting of settings) {
      const { app, spec } = await startWith(setting);
      try {
        await runLoad(app.url, spec, 1); // warm-up: statements prepared, caches filled
        const measured: string[] = [];
        for (const [index, clients] of levels.entries()) {
          const result = await runLoad(app.url, spec, seconds, clients);
          runs[setting][index]!.push(result.requestsPerSecond);
          measured.push(`${formatNumber(result.requestsPerSecond)} at ${clients}`);
        }
        command = commandLine(app.url, spec, seconds);
        ctx.log(`  ${setting}: applications/s ${measured.join(', ')} connection(s)`);
      } finally {
        await app.dispose();
      }
    }
  }

  // fsyncs per application with FULL at 10 connections, under strace (which slows the server: no throughput here).
  const { app, spec } = await startWith('FULL');
  let fsyncsPerApplication: number | null = null;
  try {
    const before = storedApplications(app);
    const fsyncs = await countFsyncs(app.pid, () => runLoad(app.url, spec, ctx.quick ? 2 : 4));
    const made = storedApplications(app) - before;
    if (fsyncs !== null && made > 0) fsyncsPerApplication = fsyncs / made;
    ctx.log(`  FULL under strace: ${fsyncs ?? 'n/a'} fsyncs for ${made} applications`);
  } finally {
    await app.dispose();
  }

  const medians = (setting: Setting) => runs[setting].map((values) => median(values));
  const normal = medians('NORMAL');
  const full = medians('FULL');
  const benchCommand = 'npm run bench -- durability';
  const lines = [
    ...levels.map(
      (clients, index) =>
        `POST /applications at ${clients} connection(s): NORMAL ${formatNumber(normal[index]!)}/s, FULL ${formatNumber(full[index]!)}/s (FULL / NORMAL ${formatRatio(full[index]! / normal[index]!)})`,
    ),
    `fsyncs per application with FULL at ${connections} connections: ${fsyncsPerApplication === null ? 'n/a (strace could not attach)' : fsyncsPerApplication.toFixed(2)}`,
  ];
  for (const line of lines) ctx.log(`  ${line}`);
  const figure = (index: number) => `${formatNumber(full[index]!)} against ${formatNumber(normal[index]!)} (${formatRatio(full[index]! / normal[index]!)})`;
  return {
    goals: [
      ...levels.map((clients, index) => ({
        figure: `Applications per second, synchronous = FULL against NORMAL, group commit, ${clients} connection(s)`,
        goal: noGoal,
        measured: figure(index),
        met: null,
        command: benchCommand,
      })),
      {
        figure: `fsyncs per application answered, FULL, ${connections} connections`,
        goal: noGoal,
        measured: fsyncsPerApplication === null ? 'n/a' : fsyncsPerApplication.toFixed(2),
        met: null,
        command: benchCommand,
      },
    ],
    console: lines,
    details: [
      [
        `\`POST /api/applications\` against ${code('node --import tsx edge-api/src/node/node.ts')} in its own process, a fresh`,
        `database per pair of settings, ${seconds} s per run after a 1 s warm-up, ${pairs} round(s) in turns (NORMAL, FULL). The`,
        'figure is the median. At 1 connection every application is a commit of its own; with more, group commit (decision',
        '0063) puts the applications that arrive together in one. The load: ' + code(command),
      ].join('\n'),
      markdownTable(
        ['synchronous', ...levels.map((clients) => `${clients} connection(s): per run`), ...levels.map((clients) => `median at ${clients}`)],
        settings.map((setting) => [
          setting,
          ...runs[setting].map((values) => values.map((v) => formatNumber(v)).join(', ')),
          ...medians(setting).map((v) => formatNumber(v)),
        ]),
      ),
    ],
  };
}
