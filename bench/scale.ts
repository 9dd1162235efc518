/**
 * Benchmark 7: the admin and agent screens at 1,000, 10,000 and 100,000 applications (data in
 * bench/support/scale-data.ts). Per size it prints the bytes and time of every admin and agent
 * list call, the first sync pull of an admin, an agent and a customer, and in Chromium the time
 * until Manage Applications and All Transactions show their first page, with their DOM size.
 * Goals (issue 17): every admin screen's first page within 1 s at 100,000; a DOM that does not
 * grow with the data; list answers of one page, whatever the size.
 */
import { gzipSync } from 'node:zlib';
import { hashPassword } from '../edge-api/src/auth/password.ts';
import { launchBrowser, newContext, type Browser } from '../e2e/support/browser.ts';
import { loginAs } from '../e2e/support/login.ts';
import { ensureBuilt } from './support/build.ts';
import { accessTokenFor, fillDatabase } from './support/data.ts';
import { startApp, type AppServer } from './support/processes.ts';
import { markdownTable, noGoal, type BenchContext, type BenchOutcome, type GoalFigure } from './support/report.ts';
import { fillScale, type ScaleData } from './support/scale-data.ts';
import { formatKb, formatMs, formatNumber, median } from './support/stats.ts';

const command = 'npm run bench -- scale';
const screenGoalMs = 1000;
const listGoalBytes = 64 * 1024;

interface Call {
  who: 'admin' | 'agent' | 'customer';
  name: string;
  path: string;
  /** A screen's list call (one page): held to the page-size goal. */
  paged: boolean;
}

interface Measured {
  bytes: number;
  gzip: number;
  ms: number;
  status: number;
}

const dayKey = (date: Date) => date.toISOString().slice(0, 10);

function callsFor(data: ScaleData): Call[] {
  const to = dayKey(new Date());
  const from = dayKey(new Date(Date.now() - 30 * 86_400_000));
  return [
    { who: 'admin', name: 'Manage Applications, page 1', path: '/api/applications/search?pageSize=20', paged: true },
    { who: 'admin', name: 'Manage Applications, search', path: '/api/applications/search?pageSize=20&q=customer%20777', paged: true },
    { who: 'admin', name: 'Manage Applications, pending', path: '/api/applications/search?pageSize=20&status=pending', paged: true },
    { who: 'admin', name: 'All Transactions, last 30 days', path: `/api/payments/report?pageSize=20&from=${from}&to=${to}&tz=Asia%2FDhaka`, paged: true },
    { who: 'admin', name: 'All Transactions, all time', path: '/api/payments/report?pageSize=20&tz=Asia%2FDhaka', paged: true },
    { who: 'admin', name: 'Audit log, page 1', path: '/api/audit?limit=50', paged: true },
    { who: 'admin', name: 'Admin statistics', path: '/api/admin-stats', paged: true },
    { who: 'admin', name: 'Spec call /agents/all (bounded)', path: '/api/agents/all', paged: false },
    { who: 'admin', name: 'Spec call /applications/all (bounded)', path: '/api/applications/all', paged: false },
    { who: 'admin', name: 'Spec call /payments/all, 30 days (bounded)', path: `/api/payments/all?from=${from}&to=${to}`, paged: false },
    { who: 'admin', name: 'Manage Agents, page 1', path: '/api/agents/requests?pageSize=20', paged: true },
    { who: 'admin', name: 'Manage Blogs, page 1', path: '/api/blogs/manage?pageSize=10', paged: true },
    { who: 'agent', name: 'Assigned Customers, page 1', path: `/api/applications/assigned/${encodeURIComponent(data.agent.email)}/search?pageSize=20`, paged: true },
    { who: 'agent', name: 'Assigned Customers, search', path: `/api/applications/assigned/${encodeURIComponent(data.agent.email)}/search?pageSize=20&q=customer%207`, paged: true },
    { who: 'agent', name: 'Open claims (clearance fallback)', path: `/api/applications/assigned/${encodeURIComponent(data.agent.email)}/search?status=open&pageSize=100`, paged: true },
    { who: 'agent', name: 'Spec call /applications/assigned (bounded)', path: `/api/applications/assigned/${encodeURIComponent(data.agent.email)}`, paged: false },
    { who: 'customer', name: "A customer's own applications", path: '/api/applications', paged: false },
  ];
}

async function measure(url: string, token: string, runs: number): Promise<Measured> {
  const times: number[] = [];
  let last: Measured = { bytes: 0, gzip: 0, ms: 0, status: 0 };
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = Buffer.from(await res.arrayBuffer());
    times.push(performance.now() - started);
    last = { bytes: body.length, gzip: gzipSync(body).length, ms: 0, status: res.status };
  }
  return { ...last, ms: median(times) };
}

/** Every page of a first pull (since 0), as the PWA makes it. */
async function firstPull(base: string, token: string) {
  let cursor = '0';
  let bytes = 0;
  let gzip = 0;
  let pages = 0;
  let applications = 0;
  const started = performance.now();
  for (;;) {
    const res = await fetch(`${base}/api/sync?since=${encodeURIComponent(cursor)}&limit=1000`, { headers: { authorization: `Bearer ${token}` } });
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) throw new Error(`GET /api/sync answered ${res.status}: ${body.toString().slice(0, 200)}`);
    bytes += body.length;
    gzip += gzipSync(body).length;
    pages += 1;
    const page = JSON.parse(body.toString()) as { cursor: string; hasMore: boolean; changes: { applications: { upserts: unknown[] } } };
    applications += page.changes.applications.upserts.length;
    cursor = page.cursor;
    if (!page.hasMore || pages > 500) break;
  }
  return { bytes, gzip, pages, applications, ms: performance.now() - started };
}

interface ScreenFigure {
  ms: number;
  dom: number;
}

async function screens(browser: Browser, app: AppServer): Promise<Record<'applications' | 'transactions', ScreenFigure>> {
  const page = await (await newContext(browser, { width: 1280, height: 900 })).newPage();
  try {
    await loginAs(page, app as never, 'admin', '/dashboard');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor({ timeout: 60_000 });
    const menu = page.getByRole('navigation', { name: 'Dashboard' });
    // As an admin moves between screens: a click in the dashboard's menu, timed to the first row.
    const time = async (link: string, firstRow: string) => {
      const started = Date.now();
      await menu.getByRole('link', { name: link, exact: true }).click();
      await page.locator(firstRow).first().waitFor({ timeout: 60_000 });
      const ms = Date.now() - started;
      return { ms, dom: await page.evaluate(() => document.getElementsByTagName('*').length) };
    };
    return {
      applications: await time('Manage Applications', '[aria-label="All policy applications"] tbody tr'),
      transactions: await time('All Transactions', '[aria-label="Transactions"] tbody tr'),
    };
  } finally {
    await page.context().close();
  }
}

export async function runScaleBench(ctx: BenchContext): Promise<BenchOutcome> {
  ensureBuilt(ctx.log);
  // BENCH_SCALE_SIZES=100000 re-measures one size (while working on it); the record keeps all three.
  const chosen = process.env.BENCH_SCALE_SIZES?.split(',').map(Number).filter((n) => n > 0);
  const sizes = chosen?.length ? chosen : ctx.quick ? [1_000, 10_000] : [1_000, 10_000, 100_000];
  const runs = ctx.quick ? 1 : 3;
  const passwordHash = await hashPassword('demo1234');
  const browser = await launchBrowser();
  const rows: string[][] = [];
  const pullRows: string[][] = [];
  const screenRows: string[][] = [];
  const goals: GoalFigure[] = [];
  const consoleLines: string[] = [];
  const domBySize = new Map<number, Record<string, number>>();
  try {
    for (const size of sizes) {
      let data: ScaleData | undefined;
      ctx.log(`  ${formatNumber(size)} applications: filling...`);
      const app = await startApp({ prepare: (dir) => void (data = fillDatabase(dir, (sqlite) => fillScale(sqlite, size, passwordHash))) });
      try {
        const filled = data!;
        const tokens = {
          admin: await accessTokenFor(filled.admin),
          agent: await accessTokenFor(filled.agent),
          customer: await accessTokenFor(filled.customer),
        };
        for (const call of callsFor(filled)) {
          const result = await measure(`${app.url}${call.path}`, tokens[call.who], runs);
          rows.push([formatNumber(size), call.who, call.name, `GET ${call.path}`, String(result.status), formatKb(result.bytes), formatKb(result.gzip), formatMs(result.ms)]);
          if (call.paged && size === sizes.at(-1)) {
            goals.push({
              figure: `${formatNumber(size)} applications: ${call.name} (JSON bytes; time ${formatMs(result.ms)})`,
              goal: `≤ ${formatKb(listGoalBytes)}`,
              measured: formatKb(result.bytes),
              met: result.status === 200 ? result.bytes <= listGoalBytes : null,
              command,
            });
          }
        }
        for (const who of ['admin', 'agent', 'customer'] as const) {
          const pull = await firstPull(app.url, tokens[who]);
          pullRows.push([formatNumber(size), who, String(pull.pages), formatNumber(pull.applications), formatKb(pull.bytes), formatKb(pull.gzip), formatMs(pull.ms)]);
          consoleLines.push(`${formatNumber(size)}: first pull of the ${who}: ${formatKb(pull.bytes)} (${formatKb(pull.gzip)} gzip), ${formatNumber(pull.applications)} applications, ${formatMs(pull.ms)}`);
        }
        const shown = await screens(browser, app);
        domBySize.set(size, { applications: shown.applications.dom, transactions: shown.transactions.dom });
        for (const [screen, figure] of [['Manage Applications', shown.applications], ['All Transactions', shown.transactions]] as const) {
          screenRows.push([formatNumber(size), screen, formatMs(figure.ms), formatNumber(figure.dom)]);
          consoleLines.push(`${formatNumber(size)}: ${screen} first page in ${formatMs(figure.ms)}, ${formatNumber(figure.dom)} DOM elements`);
          goals.push({
            figure: `${formatNumber(size)} applications: ${screen} shows its first page (Chromium, from the menu click)`,
            goal: size === 100_000 ? `≤ ${formatMs(screenGoalMs)}` : noGoal,
            measured: formatMs(figure.ms),
            met: size === 100_000 ? figure.ms <= screenGoalMs : null,
            command,
          });
        }
        consoleLines.push(`${formatNumber(size)}: ${formatNumber(filled.pending)} undecided applications, ${formatNumber(filled.payments)} payments`);
      } finally {
        await app.dispose();
      }
    }
  } finally {
    await browser.close();
  }
  const smallest = domBySize.get(sizes[0]!);
  const largest = domBySize.get(sizes.at(-1)!);
  for (const screen of ['applications', 'transactions'] as const) {
    if (!smallest || !largest) continue;
    const growth = largest[screen]! / smallest[screen]!;
    goals.push({
      figure: `${screen === 'applications' ? 'Manage Applications' : 'All Transactions'} DOM elements at ${formatNumber(sizes.at(-1)!)} / at ${formatNumber(sizes[0]!)}`,
      goal: '≤ 1.10',
      measured: `${growth.toFixed(2)} (${formatNumber(largest[screen]!)} against ${formatNumber(smallest[screen]!)})`,
      met: growth <= 1.1,
      command,
    });
  }
  return {
    goals,
    console: consoleLines,
    details: [
      [
        `Server: \`npm start\`'s Node entry over a fresh SQLite file per size, filled through the schema with the seed's factories`,
        `(bench/support/scale-data.ts): 1,000 customers, 50 agents, 20 policies, the applications spread over the last year`,
        `(only the last 30 days still pending or assigned; two in three approved ones paid), an audit row per decision.`,
        `Times are local round trips (median of ${runs}), so they are the server's time plus a loopback hop; bytes are the JSON`,
        `and its gzip size. Screens: Chromium at 1280×900, signed in as the admin on the dashboard, timed from the click on the screen's
link in the dashboard menu (its code loads then, from the local server) to the first table row.`,
      ].join('\n'),
      markdownTable(['Applications', 'Caller', 'List', 'Request', 'Status', 'JSON', 'gzip', 'Time'], rows),
      markdownTable(['Applications', 'First pull of', 'Pages', 'Applications held', 'JSON', 'gzip', 'Time'], pullRows),
      markdownTable(['Applications', 'Screen', 'First page shown', 'DOM elements'], screenRows),
    ],
  };
}
