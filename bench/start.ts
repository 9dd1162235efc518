/**
 * Benchmark 6: starting the embedded server. Time from spawn to the first answer of `/`, and the
 * server process's memory, for the compiled bundle (`node edge-api/dist/server.js`, what `npm start`
 * runs) against the TypeScript entry through tsx (`node --import tsx edge-api/src/node/node.ts`, what
 * `npm start` ran before). Also the whole `npm start` command line with nothing to rebuild, against
 * the old one that rebuilt the PWA on every start. Runs alternate old, new, old, new, ... over one
 * data folder seeded beforehand, so every start is a restart (no migrations, no seeding).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchJwtSecret, freePort, processMemoryKb, repoRoot } from './support/processes.ts';
import { code, markdownTable, noGoal, type BenchContext, type BenchOutcome } from './support/report.ts';
import { formatMs, formatRatio, median } from './support/stats.ts';

/** The command line `npm start` ran before the server was compiled (kept here to compare against). */
const oldStartScript = 'npm run build -w pwa && node --import tsx edge-api/src/node/node.ts';
const newStartScript = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
  .scripts.start!;

interface Variant {
  label: string;
  command: string;
  /** Spawned through a shell (a whole `npm start` line), or node with these arguments. */
  shell?: string;
  nodeArgs?: string[];
}

const servers: Variant[] = [
  { label: 'tsx (before)', command: 'node --import tsx edge-api/src/node/node.ts', nodeArgs: ['--import', 'tsx', 'edge-api/src/node/node.ts'] },
  { label: 'bundle (now)', command: 'node edge-api/dist/server.js', nodeArgs: ['edge-api/dist/server.js'] },
];
const startLines: Variant[] = [
  { label: '`npm start` before (rebuilds the PWA)', command: oldStartScript, shell: oldStartScript },
  { label: '`npm start` now (nothing stale)', command: newStartScript, shell: newStartScript },
];

interface Sample {
  firstAnswerMs: number;
  /** Resident memory of the server process after its first answers (kB); NaN for shell lines. */
  rssKb: number;
  peakRssKb: number;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  // A shell line runs in its own process group: signal the whole group (npm, sh, node).
  if (child.pid) process.kill(-child.pid, 'SIGTERM');
  const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

async function startOnce(variant: Variant, dataDir: string): Promise<Sample> {
  const port = await freePort();
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, JWT_SECRET: benchJwtSecret };
  const started = performance.now();
  const child = variant.shell
    ? spawn('sh', ['-c', variant.shell], { cwd: repoRoot, env, stdio: 'ignore', detached: true })
    : spawn(process.execPath, variant.nodeArgs ?? [], { cwd: repoRoot, env, stdio: 'ignore', detached: true });
  try {
    const url = `http://127.0.0.1:${port}/`;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${variant.command} exited with ${child.exitCode} before answering`);
      if (performance.now() - started > 120_000) throw new Error(`${variant.command} did not answer within 120 s`);
      try {
        const response = await fetch(url);
        await response.arrayBuffer();
        if (response.ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    const firstAnswerMs = performance.now() - started;
    if (variant.shell) return { firstAnswerMs, rssKb: NaN, peakRssKb: NaN };
    // A few more answers, so the figure is a serving process, not one caught mid-start.
    for (let i = 0; i < 20; i++) await (await fetch(url)).arrayBuffer();
    return { firstAnswerMs, ...(processMemoryKb(child.pid!) ?? { rssKb: NaN, peakRssKb: NaN }) };
  } finally {
    await stop(child);
  }
}

const mb = (kb: number) => (Number.isFinite(kb) ? `${(kb / 1024).toFixed(1)} MB` : '—');

async function compare(pair: Variant[], rounds: number, dataDir: string, ctx: BenchContext) {
  const samples = pair.map(() => [] as Sample[]);
  for (let round = 0; round < rounds; round++) {
    for (const [i, variant] of pair.entries()) {
      const sample = await startOnce(variant, dataDir);
      samples[i]!.push(sample);
      ctx.log(`  ${variant.label}: first answer after ${formatMs(sample.firstAnswerMs)}${variant.shell ? '' : `, RSS ${mb(sample.rssKb)}`}`);
    }
  }
  return pair.map((variant, i) => ({
    variant,
    firstAnswerMs: median(samples[i]!.map((s) => s.firstAnswerMs)),
    rssKb: median(samples[i]!.map((s) => s.rssKb)),
    peakRssKb: median(samples[i]!.map((s) => s.peakRssKb)),
    runs: samples[i]!.map((s) => formatMs(s.firstAnswerMs)).join(', '),
  }));
}

export async function runStartBench(ctx: BenchContext): Promise<BenchOutcome> {
  const rounds = ctx.quick ? 2 : 5;
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: repoRoot, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`node scripts/build.mjs --if-stale failed:\n${build.stdout}\n${build.stderr}`);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-start-'));
  try {
    // First start: schema and demo content, outside the figures.
    await startOnce(servers[1]!, dataDir);
    const [tsx, bundle] = await compare(servers, rounds, dataDir, ctx);
    const [oldLine, newLine] = await compare(startLines, ctx.quick ? 1 : 3, dataDir, ctx);
    const timeRatio = tsx!.firstAnswerMs / bundle!.firstAnswerMs;
    const rssRatio = tsx!.rssKb / bundle!.rssKb;
    const lines = [
      `first answer: bundle ${formatMs(bundle!.firstAnswerMs)}, tsx ${formatMs(tsx!.firstAnswerMs)} (${formatRatio(timeRatio)}x)`,
      `RSS: bundle ${mb(bundle!.rssKb)}, tsx ${mb(tsx!.rssKb)} (${formatRatio(rssRatio)}x)`,
      `npm start line: now ${formatMs(newLine!.firstAnswerMs)}, before ${formatMs(oldLine!.firstAnswerMs)}`,
    ];
    const command = 'npm run bench -- start';
    return {
      goals: [
        { figure: 'Server start to first answer: tsx / bundle (median)', goal: noGoal, measured: `${formatRatio(timeRatio)} (${formatMs(tsx!.firstAnswerMs)} against ${formatMs(bundle!.firstAnswerMs)})`, met: null, command },
        { figure: 'Server RSS after first answers: tsx / bundle (median)', goal: noGoal, measured: `${formatRatio(rssRatio)} (${mb(tsx!.rssKb)} against ${mb(bundle!.rssKb)})`, met: null, command },
        { figure: '`npm start` to first answer, nothing to rebuild (median)', goal: noGoal, measured: `${formatMs(newLine!.firstAnswerMs)} (before: ${formatMs(oldLine!.firstAnswerMs)})`, met: null, command },
      ],
      console: lines,
      details: [
        [
          `Each start is a restart over one data folder seeded beforehand (${rounds} alternating rounds for the server`,
          `alone, ${ctx.quick ? 1 : 3} for the whole command line). "First answer" is the time from spawning the command to`,
          'the first 200 of `GET /` (polled every 10 ms). RSS and peak RSS (VmRSS, VmHWM from /proc) are read from the',
          'server process after 20 more answers; for a whole `npm start` line only the time is measured (npm and sh',
          `sit above the server). \`npm start\` now runs ${code(newStartScript)}; before it ran ${code(oldStartScript.replace('npm run build -w pwa', 'npm run build'))}.`,
        ].join('\n'),
        markdownTable(
          ['Command', 'First answer (median)', 'Runs', 'RSS (median)', 'Peak RSS (median)'],
          [tsx!, bundle!, oldLine!, newLine!].map((r) => [code(r.variant.command), formatMs(r.firstAnswerMs), r.runs, mb(r.rssKb), mb(r.peakRssKb)]),
        ),
      ],
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
