/**
 * Benchmark 13: what durable commits cost (decision 0075). The real server (the Node entry over
 * SQLite in WAL mode, with group commit) answers new applications (`POST /api/applications`,
 * signed in, a new Idempotency-Key each) with `synchronous = NORMAL` (before: survives a process
 * crash only) and `FULL` (now: survives an OS crash and a power cut), in turns (NORMAL, FULL,
 * NORMAL, FULL, ...) so both see the same machine load. Printed: applications per second at 10
 * connections and at 1 (where no two requests share a commit), and the ratio FULL / NORMAL.
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

export async function runDurabilityBench(ctx: BenchContext): Promise<BenchOutcome> {
  const seconds = ctx.quick ? 3 : 8;
  const pairs = ctx.quick ? 1 : 3;
  const perSecond: Record<Setting, { many: number[]; one: number[] }> = { NORMAL: { many: [], one: [] }, FULL: { many: [], one: [] } };
  let command = '';
  for (let pair = 0; pair < pairs; pair++) {
    for (const setting of settings) {
      const { app, spec } = await startWith(setting);
      try {
        await runLoad(app.url, spec, 1); // warm-up: statements prepared, caches filled
        const many = await runLoad(app.url, spec, seconds);
        const one = await runLoad(app.url, spec, seconds, 1);
        perSecond[setting].many.push(many.requestsPerSecond);
        perSecond[setting].one.push(one.requestsPerSecond);
        command = commandLine(app.url, spec, seconds);
        ctx.log(`  ${setting}: ${formatNumber(many.requestsPerSecond)} applications/s at ${connections} connections, ${formatNumber(one.requestsPerSecond)} at 1`);
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

  const many = { NORMAL: median(perSecond.NORMAL.many), FULL: median(perSecond.FULL.many) };
  const one = { NORMAL: median(perSecond.NORMAL.one), FULL: median(perSecond.FULL.one) };
  const benchCommand = 'npm run bench -- durability';
  const lines = [
    `POST /applications at ${connections} connections: NORMAL ${formatNumber(many.NORMAL)}/s, FULL ${formatNumber(many.FULL)}/s (FULL / NORMAL ${formatRatio(many.FULL / many.NORMAL)})`,
    `POST /applications at 1 connection: NORMAL ${formatNumber(one.NORMAL)}/s, FULL ${formatNumber(one.FULL)}/s (FULL / NORMAL ${formatRatio(one.FULL / one.NORMAL)})`,
    `fsyncs per application with FULL at ${connections} connections: ${fsyncsPerApplication === null ? 'n/a (strace could not attach)' : fsyncsPerApplication.toFixed(2)}`,
  ];
  for (const line of lines) ctx.log(`  ${line}`);
  const row = (setting: Setting) => [
    setting,
    perSecond[setting].many.map((v) => formatNumber(v)).join(', '),
    formatNumber(many[setting]),
    perSecond[setting].one.map((v) => formatNumber(v)).join(', '),
    formatNumber(one[setting]),
  ];
  return {
    goals: [
      {
        figure: `Applications per second with synchronous = FULL against NORMAL, group commit, ${connections} connections`,
        goal: noGoal,
        measured: `${formatNumber(many.FULL)} against ${formatNumber(many.NORMAL)} (${formatRatio(many.FULL / many.NORMAL)})`,
        met: null,
        command: benchCommand,
      },
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
        `database per run, ${seconds} s per run after a 1 s warm-up, ${pairs} pair(s) of runs in turns (NORMAL, FULL). The figure is`,
        'the median. At 1 connection every application is a commit of its own; at 10, group commit (decision 0063) puts the',
        'applications that arrive together in one. The load: ' + code(command),
      ].join('\n'),
      markdownTable(['synchronous', `per run, ${connections} connections`, 'median', 'per run, 1 connection', 'median'], [row('NORMAL'), row('FULL')]),
    ],
  };
}
