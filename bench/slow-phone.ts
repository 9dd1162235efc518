/**
 * Benchmark 11: a cheap phone on a slow network. Chromium with the CPU slowed 4x and DevTools'
 * Slow 3G preset (2 s round trip, 50 KB/s each way), through the Chrome DevTools Protocol, opens
 * `/`, `/all-policies` and `/get-quote` served by `npm start`'s Node entry with the demo content:
 *  - first visit: a fresh profile (no cache, no service worker). As soon as the page shows what
 *    a person would use first, the bench uses it, and again every `attemptMs` until the app
 *    answers (issue 32): on `/all-policies` typing into the catalogue's search until the list
 *    shows only the matches, and (issue 52) typing a search nothing matches, in English and on
 *    `/bn/all-policies` in Bangla, until the page says so in the app's words; on `/` the hero's
 *    button until the quote form shows; on
 *    `/get-quote` filling the form and pressing Calculate until the estimate shows. The time is
 *    from the start of the navigation to that answer (wall time, seen from the bench). An
 *    attempt that followed a link is not repeated: the bench waits for the next page, as a
 *    person does (a second tap would start its download again);
 *  - repeat visit: the same page again once the service worker controls it (first paint).
 * Also first paint and largest paint of the page visited (not of a page its interaction opened). Median of three runs. Every response
 * the page receives must be a success.
 */
import { loadavg } from 'node:os';
import type { CDPSession, Locator, Page, Request } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser.ts';
import { ensureBuilt } from './support/build.ts';
import { startApp } from './support/processes.ts';
import { markdownTable, noGoal, type BenchContext, type BenchOutcome, type GoalFigure } from './support/report.ts';
import { formatMs, median } from './support/stats.ts';

const slow3g = { offline: false, latency: 2000, downloadThroughput: 50_000, uploadThroughput: 50_000 };
const cpuSlowdown = 4;
const attemptMs = 2000;
const goals = { firstPaint: 4000, answered: 4000, repeatFirstPaint: 1500 };

/** Each page's first interaction: `act` does what a person would, `answered` sees the app's answer. */
interface FirstInteraction {
  path: string;
  what: string;
  ready(page: Page): Promise<void>;
  act(page: Page): Promise<void>;
  answered(page: Page): Promise<boolean>;
}

/**
 * Waits until `locator` shows, looking every 50 ms: "as soon as the page shows it". A locator's own
 * waitFor backs off to a look every 500 ms, which added 0-0.5 s to a tap at random.
 */
async function shows(locator: Locator, ms = attemptMs): Promise<void> {
  const until = Date.now() + ms;
  while (!(await locator.isVisible())) {
    if (Date.now() > until) throw new Error('not shown yet');
    await locator.page().waitForTimeout(50);
  }
}

/** A visitor types `term` into the catalogue's search box, a key at a time. */
const typeIntoSearch = (term: string) => async (page: Page) => {
  const box = page.getByRole('searchbox');
  await box.fill('');
  await box.pressSequentially(term);
};

const searchTerm = 'Shishu';
/** Neither the spec's search nor the forgiving one finds it (issue 52, goal 4). */
const noMatchTerm = 'qqxzv';
const interactions: FirstInteraction[] = [
  {
    path: '/all-policies',
    what: `typing "${searchTerm}" into the catalogue's search shows only the matches`,
    ready: (page) => shows(page.getByRole('searchbox')),
    act: typeIntoSearch(searchTerm),
    answered: (page) =>
      page.evaluate((term) => {
        const cards = [...document.querySelectorAll('.catalogue .card-grid > li')];
        return cards.length > 0 && cards.length < 8 && cards.every((card) => card.textContent?.toLowerCase().includes(term.toLowerCase()));
      }, searchTerm),
  },
  ...[
    { path: '/all-policies', message: 'No policies found matching your search.' },
    { path: '/bn/all-policies', message: 'আপনার খোঁজার সাথে মেলে এমন কোনো পলিসি পাওয়া যায়নি।' },
  ].map(
    ({ path, message }): FirstInteraction => ({
      path,
      what: `typing "${noMatchTerm}" (nothing matches) into the catalogue's search says "${message}"`,
      ready: (page) => shows(page.getByRole('searchbox')),
      act: typeIntoSearch(noMatchTerm),
      answered: (page) =>
        page.evaluate(
          (message) => document.querySelector('.catalogue .state--empty')?.textContent === message && !document.querySelector('.catalogue .card-grid > li'),
          message,
        ),
    }),
  ),
  {
    path: '/',
    what: "the hero's button opens the quote form",
    ready: (page) => shows(page.locator('a.hero__cta:visible').first()),
    act: (page) => page.locator('a.hero__cta:visible').first().click({ timeout: attemptMs }),
    answered: async (page) => (await page.getByRole('heading', { level: 1 }).first().textContent({ timeout: 100 }).catch(() => ''))?.includes('Quote') ?? false,
  },
  {
    path: '/get-quote',
    what: 'filling the quote form and pressing Calculate shows the estimate',
    ready: (page) => shows(page.getByRole('button', { name: 'Calculate Premium' })),
    act: async (page) => {
      await page.getByLabel('Age', { exact: true }).fill('30');
      await page.getByLabel(/Coverage/).fill('10');
      await page.getByLabel(/Duration|Term/).selectOption({ index: 1 });
      await page.getByRole('button', { name: 'Calculate Premium' }).click({ timeout: attemptMs });
    },
    answered: (page) => page.getByRole('heading', { name: 'Your estimate' }).isVisible(),
  },
];

interface Visit {
  firstPaint: number;
  largestPaint: number;
  answered: number;
}

// Runs in every document before its scripts. The paints are those of the page visited, the
// tab's first document, kept in sessionStorage: an interaction that follows a link (the hero's
// button) ends on another document, whose paints count from its own navigation.
const observe = `(() => {
  if (sessionStorage.getItem('slowPhone.visited') !== null) return;
  sessionStorage.setItem('slowPhone.visited', location.pathname);
  const seen = { firstPaint: NaN, largestPaint: NaN };
  const keep = () => sessionStorage.setItem('slowPhone.paints', JSON.stringify(seen));
  new PerformanceObserver((list) => {
    // Chromium gave the Bangla page's entries a time of 0 (before any paint: not a paint time), so
    // those are left out and the page shows n/a rather than 0 ms.
    for (const entry of list.getEntries()) if (entry.startTime > 0) seen.largestPaint = Number.isNaN(seen.largestPaint) ? entry.startTime : Math.max(seen.largestPaint, entry.startTime);
    keep();
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-paint') seen.firstPaint = entry.startTime;
    keep();
  }).observe({ type: 'paint', buffered: true });
})()`;

async function throttle(page: Page): Promise<CDPSession> {
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', slow3g);
  await session.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  return session;
}

/** Waits up to `ms` for `answered`, polling. */
async function answeredWithin(page: Page, interaction: FirstInteraction, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  for (;;) {
    if (await interaction.answered(page).catch(() => false)) return true;
    if (Date.now() > until) return false;
    await page.waitForTimeout(50);
  }
}

/** Opens the page and uses it as soon as it shows, again until the app answers; ms from the navigation's start. */
async function firstVisit(page: Page, url: string, interaction: FirstInteraction): Promise<Visit> {
  const failures: string[] = [];
  const onResponse = (response: { status(): number; url(): string }) => {
    if (response.status() >= 400) failures.push(`${response.status()} ${response.url()}`);
  };
  page.on('response', onResponse);
  try {
    const started = Date.now();
    await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
    // An attempt that followed a link (before the app hydrated, or the app's own navigation) is
    // waited for as a person waits for the next page, not repeated: a second tap would start
    // that page's download again.
    let following = false;
    const onRequest = (request: Request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) following = true;
    };
    page.on('request', onRequest);
    const deadline = started + 120_000;
    let answered = Number.NaN;
    try {
      while (Number.isNaN(answered)) {
        if (Date.now() > deadline) throw new Error(`${url}: ${interaction.what}: no answer in 120 s`);
        if (await interaction.answered(page).catch(() => false)) {
          answered = Date.now() - started;
          break;
        }
        if (following) {
          if (await answeredWithin(page, interaction, attemptMs)) answered = Date.now() - started;
          continue;
        }
        if (!(await interaction.ready(page).then(() => true, () => false))) continue;
        await interaction.act(page).catch(() => undefined);
        if (await answeredWithin(page, interaction, attemptMs)) answered = Date.now() - started;
      }
    } finally {
      page.off('request', onRequest);
    }
    if (failures.length) throw new Error(`unexpected answers while loading ${url}: ${failures.join(', ')}`);
    const paints = await page.evaluate(() => JSON.parse(sessionStorage.getItem('slowPhone.paints') ?? '{}') as Partial<Omit<Visit, 'answered'>>);
    return { firstPaint: paints.firstPaint ?? Number.NaN, largestPaint: paints.largestPaint ?? Number.NaN, answered };
  } finally {
    page.off('response', onResponse);
  }
}

async function repeatFirstPaint(page: Page, url: string): Promise<number> {
  // The precache over Slow 3G (a few hundred KB at 50 KB/s, 2 s a round trip) on a busy machine.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 300_000 });
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForFunction(() => performance.getEntriesByName('first-paint').length > 0, undefined, { timeout: 120_000 });
  return page.evaluate(() => performance.getEntriesByName('first-paint')[0]!.startTime);
}

export async function runSlowPhoneBench(ctx: BenchContext): Promise<BenchOutcome> {
  ensureBuilt(ctx.log);
  const runs = ctx.quick ? 1 : 3;
  const app = await startApp({ seed: true });
  const browser = await launchBrowser();
  const results = new Map<FirstInteraction, { first: Visit[]; repeat: number[] }>(interactions.map((interaction) => [interaction, { first: [], repeat: [] }]));
  const loads: string[] = [];
  try {
    for (let run = 0; run < runs; run++) {
      for (const interaction of interactions) {
        const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, serviceWorkers: 'allow' });
        try {
          await context.addInitScript(observe);
          const page = await context.newPage();
          await throttle(page);
          const load = loadavg()[0]!.toFixed(2);
          const first = await firstVisit(page, app.url + interaction.path, interaction);
          const repeat = await repeatFirstPaint(page, app.url + interaction.path);
          results.get(interaction)?.first.push(first);
          results.get(interaction)?.repeat.push(repeat);
          loads.push(load);
          ctx.log(
            `  ${interaction.path} run ${run + 1} (load ${load}): answered after ${formatMs(first.answered)}, ` +
              `first paint ${formatMs(first.firstPaint)}, LCP ${formatMs(first.largestPaint)}; repeat FP ${formatMs(repeat)}`,
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
  // A visit without a largest-contentful-paint entry (a Bangla page whose text waits for its font
  // past the visit's end) has none to count: the median of those that have one, else n/a (not 0).
  const mid = (visits: Visit[], key: keyof Visit) => median(visits.map((v) => v[key]).filter((value) => key !== 'largestPaint' || Number.isFinite(value)));
  const pathsShown = new Set<string>();
  for (const interaction of interactions) {
    const { first, repeat } = results.get(interaction)!;
    const answered = mid(first, 'answered');
    const firstPaint = mid(first, 'firstPaint');
    const repeatPaint = median(repeat);
    goalRows.push({ figure: `${interaction.path}: first visit, ${interaction.what} (median of ${runs})`, goal: `≤ ${formatMs(goals.answered)}`, measured: formatMs(answered), met: answered <= goals.answered, command });
    // A page's paints once, with its first interaction (the catalogue has two).
    if (!pathsShown.has(interaction.path)) goalRows.push(
      { figure: `${interaction.path}: first visit, first paint (median of ${runs})`, goal: `≤ ${formatMs(goals.firstPaint)}`, measured: formatMs(firstPaint), met: firstPaint <= goals.firstPaint, command },
      { figure: `${interaction.path}: repeat visit, first paint (median of ${runs})`, goal: `≤ ${formatMs(goals.repeatFirstPaint)}`, measured: formatMs(repeatPaint), met: repeatPaint <= goals.repeatFirstPaint, command },
      { figure: `${interaction.path}: first visit, largest paint (median of ${runs})`, goal: noGoal, measured: formatMs(mid(first, 'largestPaint')), met: null, command },
    );
    pathsShown.add(interaction.path);
    rows.push([
      `${interaction.path}: ${interaction.what}`,
      formatMs(answered),
      formatMs(firstPaint),
      formatMs(mid(first, 'largestPaint')),
      formatMs(repeatPaint),
      first.map((v) => `${formatMs(v.answered)} / ${formatMs(v.firstPaint)} / ${formatMs(v.largestPaint)}`).join('; '),
    ]);
  }
  const details = [
    [
      `Chromium (Debian's, headless, 360×740 phone) with the CPU slowed ${cpuSlowdown}x and Slow 3G (2,000 ms round trip,`,
      `50 KB/s down and up) set through the DevTools protocol, against \`npm start\`'s Node entry (HTTP/1.1) with`,
      `the demo content. First visit: a fresh profile; the bench uses the page's first interaction as soon as it shows`,
      `(it looks every 50 ms),`,
      `and again every ${attemptMs / 1000} s until the app answers, unless it followed a link: then the bench waits for`,
      `the next page, as a person would. "Answered" is from the start of the navigation to the answer, as the bench`,
      `sees it. Paints are the visited page's own. Repeat visit: the same page again once the service worker controls it.`,
      `Any answer of 400 or more fails the run. The 1-minute load average at the start of each run was`,
      `${loads.join(', ')} (2 cores): above about 1, these times are longer than a quiet machine's.`,
    ].join('\n'),
    markdownTable(['Page', 'First interaction answered', 'First paint', 'Largest paint', 'Repeat first paint', 'Runs (answered / FP / LCP)'], rows),
  ];
  const consoleLines = goalRows.filter((g) => g.goal !== noGoal).map((g) => `${g.figure}: ${g.measured} (goal ${g.goal})`);
  return { goals: goalRows, details, console: consoleLines };
}
