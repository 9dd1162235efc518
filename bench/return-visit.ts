/**
 * Benchmark 7: a returning visit with nothing changed. A visitor (home page), a customer (My
 * Applications), a field agent (Policy Clearance) and an admin (Manage Applications) each visit
 * once, until the service worker controls the page, the local copy is filled and (signed in) the
 * role's screens and the documents the device keeps are in; then they come back twice.
 * What each return costs on the network is counted by a small proxy in front of the server
 * (every request that reaches it, and the bytes of its answers, headers included), so answers
 * from the service worker's cache or the local database are free, as they are for a phone.
 *
 * Goal: at most 3 requests and 3 KB for a return with nothing changed and nothing left to keep
 * (the third visit). The second visit is printed beside it: it also does the one-time keeping a
 * first visit leaves out to stay small (issue 32): the public pages linked on screen, at most 4
 * with their data (lib/keep-offline.ts), fetched when idle and never on Save-Data.
 */
import { existsSync } from 'node:fs';
import { launchBrowser, newContext, type Browser } from '../e2e/support/browser.ts';
import { loginAs, type DemoRole } from '../e2e/support/login.ts';
import { waitForKeptDocuments, waitForLocalCopy, waitForRoleScreens, waitForServiceWorker } from '../e2e/support/page-state.ts';
import { ensureBuilt } from './support/build.ts';
import { countingProxy, type Counted, type CountingProxy } from './support/counting-proxy.ts';
import { startApp } from './support/processes.ts';
import { markdownTable, noGoal, SkipBenchmark, type BenchContext, type BenchOutcome } from './support/report.ts';
import { formatNumber } from './support/stats.ts';

const chromePath = '/usr/bin/chromium';
const requestGoal = 3;
const byteGoal = 3 * 1024;

/** Visits `path` once (filling the caches), then `visits` times more; returns what each later visit sent. */
async function returningVisits(browser: Browser, proxy: CountingProxy, path: string, signIn: DemoRole | null, visits: number): Promise<Counted[][]> {
  const context = await newContext(browser, { width: 1280, height: 800 });
  try {
    const first = await context.newPage();
    if (signIn) await loginAs(first, { url: proxy.url } as Parameters<typeof loginAs>[1], signIn, path);
    else await first.goto(`${proxy.url}${path}`);
    await waitForServiceWorker(first);
    await waitForLocalCopy(first);
    if (signIn) await waitForRoleScreens(first);
    // An admin's device keeps documents only as they are opened (lib/documents/kept.ts).
    if (signIn && signIn !== 'admin') await waitForKeptDocuments(first);
    await first.waitForLoadState('networkidle');
    await first.close();

    const sent: Counted[][] = [];
    for (let visit = 0; visit < visits; visit++) {
      const from = proxy.seen.length;
      const again = await context.newPage();
      await again.goto(`${proxy.url}${path}`);
      await again.waitForLoadState('networkidle');
      // The pull after the first screen and the service worker's update check come a moment later.
      await again.waitForTimeout(3000);
      await again.waitForLoadState('networkidle');
      await again.close();
      sent.push(proxy.seen.slice(from));
    }
    return sent;
  } finally {
    await context.close();
  }
}

export async function runReturnVisitBench(ctx: BenchContext): Promise<BenchOutcome> {
  if (!existsSync(chromePath)) throw new SkipBenchmark(`Chromium is not installed at ${chromePath}`);
  ensureBuilt(ctx.log);
  const app = await startApp({ seed: true });
  const proxy = await countingProxy(app.url);
  const browser = await launchBrowser();
  try {
    const scenarios = [
      { name: 'Visitor, home page (/)', path: '/', signIn: null, judged: true },
      { name: 'Customer, My Applications', path: '/dashboard/myApplication', signIn: 'user' as const, judged: true },
      { name: 'Agent, Policy Clearance', path: '/dashboard/agentPolicyClearance', signIn: 'agent' as const, judged: true },
      // Not judged: the screen's list is asked of the server at every opening by design (it pages
      // and searches there, up to 100,000 applications; docs/decisions/0030-admin-offline-scope.md).
      { name: 'Admin, Manage Applications', path: '/dashboard/manageApplications', signIn: 'admin' as const, judged: false },
    ];
    const goals: BenchOutcome['goals'] = [];
    const details: string[] = [];
    const lines: string[] = [];
    for (const scenario of scenarios) {
      ctx.log(`  ${scenario.name}`);
      const [second = [], third = []] = await returningVisits(browser, proxy, scenario.path, scenario.signIn, 2);
      const bytesOf = (sent: Counted[]) => sent.reduce((sum, entry) => sum + entry.bytes, 0);
      const command = 'npm run bench -- revisit';
      goals.push(
        {
          figure: `${scenario.name}: requests on a returning visit (nothing changed, nothing left to keep: the third visit)`,
          goal: scenario.judged ? `<= ${requestGoal}` : noGoal,
          measured: String(third.length),
          met: scenario.judged ? third.length <= requestGoal : null,
          command,
        },
        {
          figure: `${scenario.name}: bytes on a returning visit (the third visit)`,
          goal: scenario.judged ? `<= ${formatNumber(byteGoal)} B` : noGoal,
          measured: `${formatNumber(bytesOf(third))} B`,
          met: scenario.judged ? bytesOf(third) <= byteGoal : null,
          command,
        },
        { figure: `${scenario.name}: the second visit, with the one-time keeping of the linked pages`, goal: noGoal, measured: `${second.length} requests, ${formatNumber(bytesOf(second))} B`, met: null, command },
      );
      for (const [visit, sent] of [['Second', second], ['Third', third]] as const) {
        details.push(
          `${scenario.name}, ${visit.toLowerCase()} visit with nothing changed:\n\n` +
            markdownTable(
              ['Request', 'Status', 'Bytes (headers + body)'],
              sent.map((entry) => [`${entry.method} ${entry.path}`, String(entry.status), formatNumber(entry.bytes)]),
            ),
        );
        lines.push(`  ${scenario.name}, ${visit.toLowerCase()} visit: ${sent.length} requests, ${formatNumber(bytesOf(sent))} B (${sent.map((entry) => `${entry.path} ${entry.status}`).join(', ')})`);
      }
    }
    return { goals, details, console: lines };
  } finally {
    await browser.close();
    await proxy.close();
    await app.dispose();
  }
}
