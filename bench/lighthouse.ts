/**
 * Benchmark 3: Lighthouse (mobile form factor, its default simulated throttling) on every public
 * page in English and in Bangla, served by the real Node server with demo content, in
 * Debian's Chromium. Prints the failing audits of every category below its goal.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { chromiumFlags, launchBrowser } from '../e2e/support/browser.ts';
import { freePort, repoRoot, startApp } from './support/processes.ts';
import { markdownTable, SkipBenchmark, type BenchContext, type BenchOutcome, type GoalFigure } from './support/report.ts';
import { formatKb } from './support/stats.ts';

// Every public page in both languages (issue 32); a policy page too (issue 17): the demo's ids are
// stable (decision 0035).
const englishPages = ['/', '/all-policies', '/get-quote', '/policies/demo-shurokkha-term-shield', '/blogs', '/about', '/contact'];
const pages = [...englishPages, ...englishPages.map((path) => (path === '/' ? '/bn' : `/bn${path}`))];
const categories = [
  { id: 'performance', title: 'Performance', goal: 98 },
  { id: 'accessibility', title: 'Accessibility', goal: 100 },
  { id: 'best-practices', title: 'Best practices', goal: 100 },
  { id: 'seo', title: 'SEO', goal: 100 },
] as const;

const chromePath = '/usr/bin/chromium';

interface PageScores {
  path: string;
  /** The performance score of every run (the page's figures come from the median one). */
  performanceRuns: number[];
  scores: Record<string, number | null>;
  failing: string[];
  scriptBytes: number;
  totalBytes: number;
}

/** The audits that keep a category below its goal: score under 1 (under 0.9 for performance). */
function failingAudits(lhr: Result, categoryId: string): string[] {
  const category = lhr.categories[categoryId];
  if (!category) return [];
  const bar = categoryId === 'performance' ? 0.9 : 1;
  return category.auditRefs
    .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
    .filter(({ ref, audit }) => audit && audit.score !== null && audit.score < bar && (ref.weight > 0 || categoryId === 'performance'))
    .filter(({ audit }) => audit?.scoreDisplayMode !== 'informative' && audit?.scoreDisplayMode !== 'notApplicable')
    .map(({ ref, audit }) => {
      const value = audit?.displayValue ? ` (${audit.displayValue})` : '';
      const weight = ref.weight > 0 ? `, weight ${ref.weight}` : '';
      const items = itemsOf(audit?.details).slice(0, 3).map(describeItem).filter(Boolean);
      return `${audit?.title}${value} [${ref.id}, score ${audit?.score}${weight}]${items.length ? `: ${items.join('; ')}` : ''}`;
    });
}

type Item = Record<string, unknown>;

/** The rows of an audit's table or list (nested one level for insights). */
function itemsOf(details: unknown): Item[] {
  const items = (details as { items?: unknown[] } | undefined)?.items;
  if (!Array.isArray(items)) return [];
  return items.flatMap((item) => {
    const nested = (item as { items?: unknown[] } | null)?.items;
    return Array.isArray(nested) ? (nested as Item[]) : [item as Item];
  });
}

/** One row in a few words: what it is (message, URL or element) and what it costs. */
function describeItem(item: Item): string {
  const node = item.node as { snippet?: string; selector?: string } | undefined;
  const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : undefined);
  const found = [item.description, item.url, node?.snippet, node?.selector, item.source, item.label].map(text).find(Boolean);
  // A console error names its message and, separately, the resource that failed.
  const url = text(item.url) ?? text((item.sourceLocation as { url?: string } | undefined)?.url);
  const what = text(item.description) && url ? `${item.description} (${url})` : found;
  if (!what) return '';
  const wasted = typeof item.wastedBytes === 'number' ? ` (${formatKb(item.wastedBytes)} unused)` : '';
  const short = what.length > 160 ? `${what.slice(0, 157)}...` : what;
  return `${short}${wasted}`;
}

function transferred(lhr: Result) {
  const details = lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined;
  const items = details?.items ?? [];
  const sum = (list: typeof items) => list.reduce((n, item) => n + (item.transferSize ?? 0), 0);
  return { scriptBytes: sum(items.filter((item) => item.resourceType === 'Script')), totalBytes: sum(items) };
}

/** Pages whose screen is not built yet show the app's 404: measuring those would mislead. */
async function missingScreens(url: string): Promise<string[]> {
  const browser = await launchBrowser();
  try {
    const missing: string[] = [];
    for (const path of pages) {
      const page = await browser.newPage();
      await page.goto(url + path, { waitUntil: 'networkidle' });
      if (await page.getByRole('heading', { name: '404 Not Found' }).count()) missing.push(path);
      await page.close();
    }
    return missing;
  } finally {
    await browser.close();
  }
}

const attempts = 3;

/**
 * One Lighthouse run, tried again when Lighthouse itself fails (on a busy machine it sometimes
 * loses the trace: NO_NAVSTART, NO_FCP); the message when every attempt failed.
 */
async function audit(port: number, url: string, ctx: BenchContext): Promise<Result | string> {
  let problem = '';
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const run = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: categories.map((c) => c.id) });
    if (run && !run.lhr.runtimeError) return run.lhr;
    problem = run?.lhr.runtimeError?.message ?? 'Lighthouse returned nothing';
    if (attempt < attempts) ctx.log(`    Lighthouse failed (${problem}); trying again`);
  }
  return `Lighthouse failed ${attempts} times: ${problem}`;
}

/**
 * The PWA as a deployment builds it (README): with PUBLIC_ORIGIN set, so the prerendered pages'
 * hreflang links are whole addresses, as search engines (and Lighthouse's SEO audit) want them.
 * Into a folder of its own, for the origin the measured server then listens on.
 */
function buildForOrigin(origin: string, log: (line: string) => void): string {
  const outDir = mkdtempSync(join(tmpdir(), 'bench-lighthouse-dist-'));
  log(`  building the PWA with PUBLIC_ORIGIN=${origin}, as a deployment does`);
  const result = spawnSync('npm', ['run', 'build', '-w', 'pwa', '--', '--outDir', outDir, '--emptyOutDir'], {
    cwd: repoRoot,
    env: { ...process.env, PUBLIC_ORIGIN: origin },
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    rmSync(outDir, { recursive: true, force: true });
    throw new Error(`Building the PWA for ${origin} failed:\n${result.stdout}\n${result.stderr}`);
  }
  return outDir;
}

export async function runLighthouseBench(ctx: BenchContext): Promise<BenchOutcome> {
  if (!existsSync(chromePath)) throw new SkipBenchmark(`Chromium is not installed at ${chromePath}`);
  const port = await freePort();
  const dist = buildForOrigin(`http://127.0.0.1:${port}`, ctx.log);
  try {
    return await measure(ctx, await startApp({ seed: true, port, env: { PWA_DIST_DIR: dist } }));
  } finally {
    rmSync(dist, { recursive: true, force: true });
  }
}

async function measure(ctx: BenchContext, app: Awaited<ReturnType<typeof startApp>>): Promise<BenchOutcome> {
  const runsPerPage = ctx.quick ? 1 : 3;
  const results: PageScores[] = [];
  const unmeasured = new Map<string, string>();
  let missing: string[];
  try {
    missing = await missingScreens(app.url);
    const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: chromiumFlags, logLevel: 'error' });
    try {
      for (const path of pages) {
        if (missing.includes(path)) {
          ctx.log(`  ${path}: skipped: the screen is not built yet (the app shows 404 Not Found)`);
          continue;
        }
        ctx.log(`  ${path}: running Lighthouse (mobile)`);
        // Several runs, keeping the one with the median performance score (as Lighthouse advises).
        const runs: Result[] = [];
        let failure = '';
        for (let i = 0; i < runsPerPage; i++) {
          const lhr = await audit(chrome.port, app.url + path, ctx);
          if (typeof lhr === 'string') failure = lhr;
          else runs.push(lhr);
        }
        if (!runs.length) {
          ctx.log(`    not measured: ${failure}`);
          unmeasured.set(path, failure);
          continue;
        }
        const performanceOf = (run: Result) => run.categories.performance?.score ?? 0;
        const byPerformance = [...runs].sort((a, b) => performanceOf(a) - performanceOf(b));
        const lhr = byPerformance[Math.floor((byPerformance.length - 1) / 2)] as Result;
        const performanceRuns = runs.map((run) => Math.round(performanceOf(run) * 100));
        const scores: Record<string, number | null> = {};
        const failing: string[] = [];
        for (const category of categories) {
          const score = lhr.categories[category.id]?.score;
          scores[category.id] = score === null || score === undefined ? null : Math.round(score * 100);
          if (scores[category.id] === null || (scores[category.id] as number) < category.goal) {
            for (const audit of failingAudits(lhr, category.id)) failing.push(`${category.title}: ${audit}`);
          }
        }
        results.push({ path, performanceRuns, scores, failing, ...transferred(lhr) });
        ctx.log(`    ${categories.map((c) => `${c.title} ${scores[c.id] ?? 'n/a'}`).join(', ')} (performance runs: ${performanceRuns.join(', ')})`);
        for (const line of failing) ctx.log(`    below goal because of: ${line}`);
      }
    } finally {
      chrome.kill();
    }
  } finally {
    await app.dispose();
  }

  const goals: GoalFigure[] = [];
  for (const path of pages) {
    const page = results.find((r) => r.path === path);
    for (const category of categories) {
      const score = page?.scores[category.id];
      goals.push({
        figure: `${path}: ${category.title}`,
        goal: `≥ ${category.goal}`,
        measured: page ? String(score ?? 'n/a') : (unmeasured.get(path) ?? 'skipped: screen not built yet'),
        met: page && score !== null && score !== undefined ? score >= category.goal : null,
        command: `npx lighthouse <app>${path} --only-categories=${category.id} --chrome-flags="<e2e/support/browser.ts flags>"`,
      });
    }
  }
  const failingBlocks = results
    .filter((r) => r.failing.length)
    .map((r) => [`#### ${r.path}: audits below goal`, '', ...r.failing.map((line) => `- ${line}`)].join('\n'));
  return {
    goals,
    console: results.map(
      (r) => `${r.path}: ${categories.map((c) => `${c.title} ${r.scores[c.id] ?? 'n/a'}`).join(', ')}${r.failing.length ? ` (${r.failing.length} failing audits)` : ''}`,
    ),
    details: [
      [
        'Lighthouse 12 (npm package) driving Debian\'s Chromium through chrome-launcher, mobile form factor with',
        'its default simulated throttling, against `npm start`\'s server with the demo content (SEED_DEMO=true) on a',
        'build made for the server\'s own address (PUBLIC_ORIGIN, as a deployment builds it: whole hreflang addresses), on a',
        `fresh DATA_DIR. ${runsPerPage} run(s) per page; the figures are those of the run with the median performance`,
        `score (it moves by several points between runs on a busy machine). Chromium flags: ${chromiumFlags.join(' ')}.`,
        'Transferred bytes are from that run\'s network records (all requests of the page load, service worker included).',
        missing.length ? `Not measured (the screen is not built yet): ${missing.join(', ')}.` : '',
        ...[...unmeasured].map(([path, why]) => `Not measured: ${path}: ${why}.`),
      ].filter(Boolean).join('\n'),
      markdownTable(
        ['Page', ...categories.map((c) => `${c.title} (goal ${c.goal})`), 'Performance per run', 'Script transferred', 'All transferred'],
        results.map((r) => [
          r.path,
          ...categories.map((c) => String(r.scores[c.id] ?? 'n/a')),
          r.performanceRuns.join(', '),
          formatKb(r.scriptBytes),
          formatKb(r.totalBytes),
        ]),
      ),
      ...(failingBlocks.length ? failingBlocks : ['Every category met its goal on every measured page.']),
    ],
  };
}
