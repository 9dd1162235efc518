/**
 * Benchmark 11: a cheap phone on a slow network. Chromium with the CPU slowed 4x and DevTools'
 * Slow 3G preset (2 s round trip, 50 KB/s each way), through the Chrome DevTools Protocol, opens
 * `/`, `/all-policies` and a policy page served by `npm start`'s Node entry with the demo content:
 *  - first visit: a fresh profile (no cache, no service worker);
 *  - repeat visit: the same profile again, once the service worker controls the page.
 * Per visit, in the page: first paint and largest paint (Paint Timing, Largest Contentful Paint),
 * and "interactive": the later of the app's first commit (performance mark 'app-ready', set by
 * AppTree) and the end of the last long task before 5 quiet seconds (Lighthouse's TTI without its
 * network condition). Median of three runs. Every response the page receives must be a success.
 */
import type { CDPSession, Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.ts';
import { ensureBuilt } from './support/build.ts';
import { startApp } from './support/processes.ts';
import { markdownTable, noGoal, type BenchContext, type BenchOutcome, type GoalFigure } from './support/report.ts';
import { formatMs, median } from './support/stats.ts';

const pages = ['/', '/all-policies', '/policies/demo-shurokkha-term-shield'];
const slow3g = { offline: false, latency: 2000, downloadThroughput: 50_000, uploadThroughput: 50_000 };
const cpuSlowdown = 4;
const quietMs = 5000;
const goals = { firstPaint: 4000, interactive: 10_000, repeatFirstPaint: 1500 };

interface Visit {
  firstPaint: number;
  largestPaint: number;
  interactive: number;
}

// Runs in the page before any of its scripts: keeps the long tasks and the largest paint.
const observe = `(() => {
  const seen = { longTasks: [], lcp: 0 };
  window.__slowPhone = seen;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.longTasks.push(entry.startTime + entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.lcp = Math.max(seen.lcp, entry.startTime);
  }).observe({ type: 'largest-contentful-paint', buffered: true });
})()`;

async function throttle(page: Page): Promise<CDPSession> {
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', slow3g);
  await session.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  return session;
}

/** Opens `url` and waits until the app has committed and the main thread has been quiet for 5 s. */
async function visit(page: Page, url: string): Promise<Visit> {
  const failures: string[] = [];
  const onResponse = (response: { status(): number; url(): string }) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
  };
  page.on('response', onResponse);
  try {
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await page.waitForFunction(() => performance.getEntriesByName('app-ready').length > 0, undefined, { timeout: 120_000 });
    const deadline = Date.now() + 120_000;
    for (;;) {
      const idleFor = await page.evaluate(() => {
        const seen = (window as unknown as { __slowPhone: { longTasks: number[] } }).__slowPhone;
        return performance.now() - Math.max(0, ...seen.longTasks);
      });
      if (idleFor >= quietMs) break;
      if (Date.now() > deadline) throw new Error(`${url} never had ${quietMs / 1000} quiet seconds`);
      await page.waitForTimeout(Math.max(250, quietMs - idleFor));
    }
    if (failures.length) throw new Error(`unexpected answers while loading ${url}: ${failures.join(', ')}`);
    return await page.evaluate(() => {
      const seen = (window as unknown as { __slowPhone: { longTasks: number[]; lcp: number } }).__slowPhone;
      const firstPaint = performance.getEntriesByName('first-paint')[0]?.startTime ?? Number.NaN;
      const ready = performance.getEntriesByName('app-ready')[0]?.startTime ?? Number.NaN;
      return { firstPaint, largestPaint: seen.lcp, interactive: Math.max(ready, ...seen.longTasks) };
    });
  } finally {
    page.off('response', onResponse);
  }
}

export async function runSlowPhoneBench(ctx: BenchContext): Promise<BenchOutcome> {
  ensureBuilt(ctx.log);
  const runs = ctx.quick ? 1 : 3;
  const app = await startApp({ seed: true });
  const browser = await launchBrowser();
  const results = new Map<string, { first: Visit[]; repeat: Visit[] }>(pages.map((path) => [path, { first: [], repeat: [] }]));
  try {
    for (let run = 0; run < runs; run++) {
      for (const path of pages) {
        const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, serviceWorkers: 'allow' });
        try {
          await context.addInitScript(observe);
          const page = await context.newPage();
          await throttle(page);
          const first = await visit(page, app.url + path);
          await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 120_000 });
          const repeat = await visit(page, app.url + path);
          results.get(path)?.first.push(first);
          results.get(path)?.repeat.push(repeat);
          ctx.log(
            `  ${path} run ${run + 1}: first visit FP ${formatMs(first.firstPaint)}, LCP ${formatMs(first.largestPaint)}, ` +
              `interactive ${formatMs(first.interactive)}; repeat FP ${formatMs(repeat.firstPaint)}`,
          );
        } finally {
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
    await app.dispose();
  }

  const goalRows: GoalFigure[] = [];
  const rows: string[][] = [];
  const command = 'npm run bench -- slow-phone';
  const mid = (visits: Visit[], key: keyof Visit) => median(visits.map((v) => v[key]));
  for (const [path, { first, repeat }] of results) {
    const firstPaint = mid(first, 'firstPaint');
    const interactive = mid(first, 'interactive');
    const repeatPaint = mid(repeat, 'firstPaint');
    goalRows.push(
      { figure: `${path}: first visit, first paint (median of ${runs})`, goal: `≤ ${formatMs(goals.firstPaint)}`, measured: formatMs(firstPaint), met: firstPaint <= goals.firstPaint, command },
      { figure: `${path}: first visit, interactive (median of ${runs})`, goal: `≤ ${formatMs(goals.interactive)}`, measured: formatMs(interactive), met: interactive <= goals.interactive, command },
      { figure: `${path}: repeat visit, first paint (median of ${runs})`, goal: `≤ ${formatMs(goals.repeatFirstPaint)}`, measured: formatMs(repeatPaint), met: repeatPaint <= goals.repeatFirstPaint, command },
      { figure: `${path}: first visit, largest paint (median of ${runs})`, goal: noGoal, measured: formatMs(mid(first, 'largestPaint')), met: null, command },
    );
    for (const [label, visits] of [['first', first], ['repeat', repeat]] as const) {
      rows.push([
        path,
        label,
        formatMs(mid(visits, 'firstPaint')),
        formatMs(mid(visits, 'largestPaint')),
        formatMs(mid(visits, 'interactive')),
        visits.map((v) => `${formatMs(v.firstPaint)} / ${formatMs(v.largestPaint)} / ${formatMs(v.interactive)}`).join('; '),
      ]);
    }
  }
  const details = [
    [
      `Chromium (Debian's, headless, 360×740 phone) with the CPU slowed ${cpuSlowdown}x and Slow 3G (2,000 ms round trip,`,
      `50 KB/s down and up) set through the DevTools protocol, against \`npm start\`'s Node entry (HTTP/1.1, gzip) with`,
      `the demo content. First visit: a fresh profile. Repeat visit: the same page again once the service worker`,
      `controls it. Interactive: the later of the app's first commit (mark 'app-ready') and the end of the last`,
      `long task before ${quietMs / 1000} quiet seconds. Any answer of 400 or more fails the run.`,
    ].join('\n'),
    markdownTable(['Page', 'Visit', 'First paint', 'Largest paint', 'Interactive', 'Runs (FP / LCP / interactive)'], rows),
  ];
  const consoleLines = goalRows.filter((g) => g.goal !== noGoal).map((g) => `${g.figure}: ${g.measured} (goal ${g.goal})`);
  return { goals: goalRows, details, console: consoleLines };
}
