/**
 * `npm run bench [-- api bundle lighthouse sync search start load scale overload worker slow-phone revisit durability documents first-visit premiums]`: runs the chosen benchmarks (all by
 * default) in order, prints a short report, and rewrites docs/performance.md with the goal
 * beside each measured figure and the command behind it. A benchmark whose prerequisite is
 * missing reports "skipped: <why>"; the others still run. BENCH_QUICK=1 shortens every run,
 * BENCH_BUILD=1 rebuilds the PWA first, BENCH_PROFILE=0 skips the CPU profiles, BENCH_API=floor (or
 * replay) runs only that part of the API benchmark (bench/api.ts).
 *
 * Figures are printed, never asserted: these machines are shared and noisy.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { runApiBench } from './api.ts';
import { runBundleBench } from './bundle.ts';
import { runDocumentsBench } from './documents.ts';
import { runDurabilityBench } from './durability.ts';
import { runFirstVisitBench } from './first-visit.ts';
import { runLighthouseBench } from './lighthouse.ts';
import { runOverloadBench } from './overload.ts';
import { runLoadBench } from './load.ts';
import { repoRoot } from './support/processes.ts';
import {
  benchIds,
  describeCommit,
  describeMachine,
  renderReport,
  SkipBenchmark,
  titles,
  verdict,
  type BenchContext,
  type BenchId,
  type BenchOutcome,
  type BenchResult,
} from './support/report.ts';
import { runReturnVisitBench } from './return-visit.ts';
import { runScaleBench } from './scale.ts';
import { runSearchBench } from './search.ts';
import { runSlowPhoneBench } from './slow-phone.ts';
import { runStartBench } from './start.ts';
import { runWorkerBench } from './worker.ts';
import { runSyncBench } from './sync.ts';
import { runPremiumsBench } from './premiums.ts';

const benchmarks: Record<BenchId, (ctx: BenchContext) => Promise<BenchOutcome>> = {
  api: runApiBench,
  bundle: runBundleBench,
  lighthouse: runLighthouseBench,
  sync: runSyncBench,
  search: runSearchBench,
  start: runStartBench,
  load: runLoadBench,
  scale: runScaleBench,
  overload: runOverloadBench,
  worker: runWorkerBench,
  'slow-phone': runSlowPhoneBench,
  revisit: runReturnVisitBench,
  durability: runDurabilityBench,
  documents: runDocumentsBench,
  'first-visit': runFirstVisitBench,
  premiums: runPremiumsBench,
};

const reportPath = join(repoRoot, 'docs/performance.md');
/** The last result of every benchmark, so a partial run keeps the others' sections. */
const resultsPath = join(repoRoot, 'bench/last-results.json');
/**
 * A hard bound on each benchmark, whatever hangs. Per benchmark, not per run: a full run takes
 * about 40 minutes (the API benchmark alone about 12), so a bound on the whole run stopped every
 * full run before it could write its figures.
 */
const watchdogMinutes = 25;

function chosen(args: string[]): BenchId[] {
  const unknown = args.filter((arg) => !(benchIds as readonly string[]).includes(arg));
  if (unknown.length) {
    console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Choose from: ${benchIds.join(', ')}.`);
    process.exit(2);
  }
  return args.length ? benchIds.filter((id) => args.includes(id)) : [...benchIds];
}

function previousResults(): BenchResult[] {
  if (!existsSync(resultsPath)) return [];
  try {
    return JSON.parse(readFileSync(resultsPath, 'utf8')) as BenchResult[];
  } catch {
    return [];
  }
}

async function main() {
  const ids = chosen(process.argv.slice(2));
  const quick = process.env.BENCH_QUICK === '1';
  const commit = describeCommit();
  console.log(`Measuring ${commit}.`);

  const results: BenchResult[] = [];
  for (const id of ids) {
    const started = Date.now();
    const watchdog = setTimeout(() => {
      console.error(`The ${id} benchmark ran longer than ${watchdogMinutes} minutes; stopping.`);
      process.exit(1);
    }, watchdogMinutes * 60_000);
    watchdog.unref();
    console.log(`\n== ${titles[id]}${quick ? ' (BENCH_QUICK=1)' : ''}`);
    const ctx: BenchContext = { quick, log: (line) => console.log(line) };
    const base = { id, title: titles[id], ranAt: new Date().toISOString(), machine: describeMachine(), commit, quick };
    let result: BenchResult;
    try {
      const outcome = await benchmarks[id](ctx);
      result = { ...base, ...outcome, status: 'measured', seconds: (Date.now() - started) / 1000 };
    } catch (error) {
      const skipped = error instanceof SkipBenchmark;
      const reason = error instanceof Error ? error.message : String(error);
      console.log(skipped ? `  skipped: ${reason}` : `  FAILED: ${error instanceof Error ? error.stack : reason}`);
      result = {
        ...base,
        goals: [],
        details: [],
        console: [],
        status: skipped ? 'skipped' : 'failed',
        reason,
        seconds: (Date.now() - started) / 1000,
      };
    }
    clearTimeout(watchdog);
    results.push(result);
  }

  const merged = [...previousResults().filter((old) => !ids.includes(old.id)), ...results];
  mkdirSync(dirname(reportPath), { recursive: true });
  writeFileSync(resultsPath, JSON.stringify(merged, null, 2) + '\n');
  writeFileSync(reportPath, renderReport(merged));

  console.log('\n== Summary');
  for (const result of results) {
    if (result.status !== 'measured') {
      console.log(`${result.id}: ${result.status}: ${result.reason}`);
      continue;
    }
    for (const line of result.console) console.log(`${result.id}: ${line}`);
    for (const goal of result.goals) {
      console.log(`${result.id}: [${verdict(goal)}] ${goal.figure}: ${goal.measured} (goal ${goal.goal})`);
    }
  }
  console.log(`\nWrote ${reportPath.slice(repoRoot.length + 1)}.`);
  process.exit(results.some((r) => r.status === 'failed') ? 1 : 0);
}

await main();
