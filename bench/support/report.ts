/**
 * What a benchmark hands back, and how the results become docs/performance.md. Every goal
 * figure carries the command that produced it, so a reader can measure it again.
 */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import { resolve } from 'node:path';

export const benchIds = ['api', 'bundle', 'lighthouse', 'sync', 'search', 'start', 'load', 'scale', 'overload', 'worker', 'slow-phone', 'revisit', 'durability', 'documents', 'first-visit', 'premiums'] as const;
export type BenchId = (typeof benchIds)[number];

export interface GoalFigure {
  figure: string;
  goal: string;
  measured: string;
  /** null when the figure could not be judged (e.g. the endpoint answered errors). */
  met: boolean | null;
  command: string;
}

/** What one benchmark module returns when it ran. */
export interface BenchOutcome {
  goals: GoalFigure[];
  /** Markdown blocks for the report: tables of every figure, notes. */
  details: string[];
  /** Short lines for the console. */
  console: string[];
}

export interface BenchResult extends BenchOutcome {
  id: BenchId;
  title: string;
  status: 'measured' | 'skipped' | 'failed';
  reason?: string;
  ranAt: string;
  seconds: number;
  machine: string;
  /** The code measured: `commit 0123abc`, marked when the work tree differed from it. Older results have none. */
  commit?: string;
  quick: boolean;
}

export interface BenchContext {
  /** BENCH_QUICK=1: shorter runs, fewer repetitions (figures are rougher). */
  quick: boolean;
  log(line: string): void;
}

/** Thrown by a benchmark whose prerequisite is missing: the run goes on and reports why. */
export class SkipBenchmark extends Error {}

export function describeMachine(): string {
  const cpu = cpus();
  const load = loadavg().map((value) => value.toFixed(2)).join(' ');
  return `${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GB RAM, Node ${process.version}, load average ${load}`;
}

/** What the bench writes itself: a run that changed only these measured its commit as it is. */
const benchOutputs = ['docs/performance.md', 'bench/last-results.json'];

/** The commit being measured, so a figure can be traced to the code behind it (issue 52). */
export function describeCommit(): string {
  const cwd = resolve(import.meta.dirname, '../..');
  const git = (...args: string[]) => execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    const head = git('rev-parse', '--short=7', 'HEAD').trim();
    const changed = git('diff', '--name-only', 'HEAD')
      .split('\n')
      .filter((path) => path && !benchOutputs.includes(path));
    return changed.length ? `commit ${head} with uncommitted changes (${changed.join(', ')})` : `commit ${head}`;
  } catch {
    return 'an unknown commit (no git here)';
  }
}

const escapeCell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function markdownTable(headers: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.map(escapeCell).join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
}

export const code = (text: string) => `\`${text.replace(/`/g, "'")}\``;

/** A figure without a goal (goal '—') is shown for information only. */
export const noGoal = '—';

export const verdict = (goal: Pick<GoalFigure, 'goal' | 'met'>) =>
  goal.goal === noGoal ? noGoal : goal.met === null ? 'not judged' : goal.met ? 'met' : 'NOT MET';

export const titles: Record<BenchId, string> = {
  api: '1. API cost against a same-work floor and bare Hono (and against replayed bytes)',
  bundle: '2. JavaScript and CSS bundle sizes',
  lighthouse: '3. Lighthouse scores',
  sync: '4. Sync: delta against full pull, batched against single writes',
  search: '5. Catalogue search in Chromium with 10,000 policies',
  start: '6. Starting the server: the compiled bundle against tsx',
  load: '7. Sustained mixed load: failures and memory',
  scale: '8. Admin and agent screens at 1,000, 10,000 and 100,000 applications',
  overload: '9. Past capacity: 503s, not time-outs',
  worker: '10. Worker: bounded per-request work on D1, beside Node',
  'slow-phone': '11. A first and a repeat visit on a slow phone (4x CPU, Slow 3G)',
  revisit: '12. A returning visit with nothing changed: requests and bytes',
  durability: '13. Durable commits: synchronous = FULL against NORMAL, with group commit',
  documents: '14. Documents from the field: preparing a 12 MP photo on a slow phone, and uploads over a link that drops',
  'first-visit': '15. A first visit and a first sign-in: bytes on the wire, service worker included',
  premiums: '16. The premium reminder pass over 100,000 policies: time and memory',
};

/** The glance table's column: the hash, starred when the work tree had changes (the section says which). */
const shortCommit = (result: BenchResult) => {
  const hash = /^commit ([0-9a-f]+)/.exec(result.commit ?? '')?.[1];
  return hash ? `${hash}${result.commit!.includes('uncommitted') ? '*' : ''}` : 'not recorded';
};

export function renderReport(results: BenchResult[]): string {
  const ordered = benchIds.map((id) => results.find((r) => r.id === id)).filter((r): r is BenchResult => !!r);
  const summaryRows = ordered.flatMap((result) =>
    result.status === 'measured'
      ? result.goals.map((g) => [result.id, g.figure, g.goal, g.measured, verdict(g), shortCommit(result), code(g.command)])
      : [[result.id, result.status, '', '', '', shortCommit(result), result.reason ?? '']],
  );
  const sections = ordered.map((result) => {
    const head = [
      `## ${result.title}`,
      '',
      `Last run ${result.ranAt} (${result.seconds.toFixed(0)} s${result.quick ? ', BENCH_QUICK=1: rough figures' : ''}) of ${result.commit ?? 'a commit not recorded'} on ${result.machine}.`,
      `Reproduce: ${code(`npm run bench -- ${result.id}`)}`,
    ];
    if (result.status !== 'measured') return [...head, '', `**${result.status}**: ${result.reason ?? ''}`].join('\n');
    const goals = result.goals.length
      ? [
          '',
          markdownTable(
            ['Figure', 'Goal', 'Measured', 'Result', 'Command'],
            result.goals.map((g) => [g.figure, g.goal, g.measured, verdict(g), code(g.command)]),
          ),
        ]
      : [];
    return [...head, ...goals, ...result.details.flatMap((block) => ['', block])].join('\n');
  });
  return [
    '# Performance',
    '',
    'Generated by `npm run bench` (bench/run.ts); do not edit by hand. Each section keeps the figures of the',
    'last run of its benchmark (`npm run bench -- api bundle` re-measures only those two). The machines these',
    'run on are shared and noisy, so throughput is always compared with a reference measured in the same run',
    '(ratios), never asserted as an absolute time in a test.',
    '',
    'Options: `BENCH_QUICK=1` (short runs, rough figures), `BENCH_BUILD=1` (rebuild the PWA first; it is built',
    'anyway when `pwa/dist` is missing), `BENCH_PROFILE=0` (no CPU profiles of endpoints below their goal).',
    '',
    '## Goals at a glance',
    '',
    markdownTable(['Benchmark', 'Figure', 'Goal', 'Measured', 'Result', 'Commit', 'Command'], summaryRows),
    '',
    ...sections.flatMap((section) => [section, '']),
  ].join('\n');
}
