/**
 * Benchmark 5: catalogue search in Chromium with 10,000 policies. Opens /all-policies (which
 * reads the local Dexie copy filled from /sync), waits until all 10,000 are local, then types
 * into the search box: plan numbers digit by digit, then deletes them again, so every
 * keystroke changes the result. Per keystroke it measures, in the page:
 *  - input → next frame: from dispatching the input event to the first animation frame that
 *    starts after React's last DOM change for that keystroke (the frame that shows it);
 *  - input → DOM updated: to that last DOM change (the main-thread work, whatever the frame phase).
 * Keystrokes arrive at random moments within a frame, as real typing does.
 */
import { existsSync } from 'node:fs';
import { launchBrowser, newContext } from '../e2e/support/browser.ts';
import { ensureBuilt } from './support/build.ts';
import { benchPolicies, fillDatabase, insertRows } from './support/data.ts';
import { rawRequest } from './support/http.ts';
import { startApp } from './support/processes.ts';
import { markdownTable, SkipBenchmark, type BenchContext, type BenchOutcome } from './support/report.ts';
import { formatMs, formatNumber, median, percentile } from './support/stats.ts';

const policyCount = 10_000;
const frameGoalMs = 16;
const searchSelector = '[data-bench-search]';
const chromePath = '/usr/bin/chromium';

/** Prefixes typed, then deleted: '4', '48', '482', '4821', '482', '48', '4', ''. */
export function keystrokes(numbers: string[]): string[] {
  return numbers.flatMap((number) => {
    const typed = [...number].map((_, i) => number.slice(0, i + 1));
    return [...typed, ...typed.slice(0, -1).reverse(), ''];
  });
}

interface Keystroke {
  value: string;
  /** Input event → first frame after the last DOM change; null when nothing changed. */
  toFrame: number | null;
  /** Input event → last DOM change. */
  toDom: number | null;
  /** The update was in the first frame after the input event. */
  nextFrame: boolean;
}

// Runs in the page, as plain JavaScript (a string, so no build helpers leak into it).
const typeAndMeasure = String.raw`async (values) => {
  const input = document.querySelector('${searchSelector}');
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  const frames = [];
  let measuring = true;
  const onFrame = () => { frames.push(performance.now()); if (measuring) requestAnimationFrame(onFrame); };
  requestAnimationFrame(onFrame);
  const mutations = [];
  const observer = new MutationObserver(() => mutations.push(performance.now()));
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const results = [];
  for (const value of values) {
    // Let the page settle, then arrive at a random moment within a frame.
    await sleep(30 + Math.random() * 17);
    mutations.length = 0;
    const start = performance.now();
    setValue.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    // Wait until the DOM has been quiet for 100 ms (React may commit more than once).
    const deadline = start + 3000;
    while (performance.now() < deadline) {
      await sleep(20);
      const last = mutations[mutations.length - 1];
      if (last !== undefined && performance.now() - last > 100) break;
    }
    const last = mutations[mutations.length - 1];
    if (last === undefined) { results.push({ value, toFrame: null, toDom: null, nextFrame: false }); continue; }
    const frameAfter = frames.find((t) => t > last);
    const firstFrame = frames.find((t) => t > start);
    results.push({
      value,
      toDom: last - start,
      toFrame: frameAfter === undefined ? null : frameAfter - start,
      nextFrame: frameAfter !== undefined && frameAfter === firstFrame,
    });
  }
  measuring = false;
  observer.disconnect();
  return results;
}`;

/** How many policies the local copy holds (the app's Dexie database 'insurance'). */
const localPolicyCount = String.raw`new Promise((resolve) => {
  const open = indexedDB.open('insurance');
  open.onerror = () => resolve(-1);
  open.onsuccess = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains('policies')) { db.close(); resolve(0); return; }
    const count = db.transaction('policies').objectStore('policies').count();
    count.onsuccess = () => { db.close(); resolve(count.result); };
    count.onerror = () => { db.close(); resolve(-1); };
  };
})`;

export async function runSearchBench(ctx: BenchContext): Promise<BenchOutcome> {
  if (!existsSync(chromePath)) throw new SkipBenchmark(`Chromium is not installed at ${chromePath}`);
  ensureBuilt(ctx.log);
  const app = await startApp({
    prepare: (dataDir) => fillDatabase(dataDir, (sqlite) => insertRows(sqlite, 'policies', benchPolicies(policyCount))),
  });
  const browser = await launchBrowser();
  try {
    const probe = await rawRequest(`${app.url}/api/sync?since=0`);
    if (probe.status === 404 && /No such endpoint/.test(probe.body.toString())) {
      throw new SkipBenchmark('GET /sync is not built yet, so the catalogue cannot fill its local copy');
    }
    const page = await (await newContext(browser)).newPage();
    await page.goto(`${app.url}/all-policies`);
    const search = page
      .getByRole('searchbox')
      .or(page.locator('input[type="search"]'))
      .or(page.getByLabel(/search/i))
      .first();
    const notFound = page.getByRole('heading', { name: '404 Not Found' });
    await search.or(notFound).first().waitFor({ timeout: 60_000 });
    if (await notFound.count()) throw new SkipBenchmark('the catalogue screen (/all-policies) is not built yet');

    ctx.log(`  waiting for the ${formatNumber(policyCount)} policies to be local`);
    const fillStarted = Date.now();
    for (;;) {
      const count = (await page.evaluate(localPolicyCount)) as number;
      if (count >= policyCount) break;
      if (Date.now() - fillStarted > 240_000) throw new Error(`only ${count} of ${policyCount} policies became local within 4 minutes`);
      await page.waitForTimeout(500);
    }
    const fillSeconds = (Date.now() - fillStarted) / 1000;
    await page.waitForLoadState('networkidle');
    await search.evaluate((element) => element.setAttribute('data-bench-search', ''));

    const warmup = keystrokes(['7']);
    const measured = keystrokes(ctx.quick ? ['4821', '1357'] : ['4821', '1357', '9072', '2468', '5310']);
    await page.evaluate(`(${typeAndMeasure})(${JSON.stringify(warmup)})`);
    ctx.log(`  typing ${measured.length} keystrokes`);
    const results = (await page.evaluate(`(${typeAndMeasure})(${JSON.stringify(measured)})`)) as Keystroke[];

    // Issue 29: words with a typo, typed letter by letter, once the forgiving search is built
    // (it loads when the search box gets focus; a typo that finds policies shows it is there).
    await search.focus();
    await search.fill('shurokha');
    await page.getByRole('article').first().waitFor({ timeout: 60_000 });
    await search.fill('');
    const typoKeystrokes = keystrokes(ctx.quick ? ['helth'] : ['helth', 'nirapd', 'famly']);
    const typos = ((await page.evaluate(`(${typeAndMeasure})(${JSON.stringify(typoKeystrokes)})`)) as Keystroke[]).filter((r) => r.toFrame !== null);
    const typoFrame = typos.map((r) => r.toFrame as number);
    const typoLine = typos.length
      ? `${typos.length} keystrokes of words with a typo: input → next frame median ${formatMs(median(typoFrame))}, p95 ${formatMs(percentile(typoFrame, 95))}`
      : 'no keystroke of the words with a typo changed the page';
    ctx.log(`  ${typoLine}`);

    const changed = results.filter((r) => r.toFrame !== null);
    if (!changed.length) throw new Error('no keystroke changed the page: is the search box wired to the list?');
    const toFrame = changed.map((r) => r.toFrame as number);
    const toDom = changed.map((r) => r.toDom as number);
    const inNextFrame = changed.filter((r) => r.nextFrame).length / changed.length;
    const medianFrame = median(toFrame);
    const p95Frame = percentile(toFrame, 95);
    const unchanged = results.length - changed.length;
    const consoleLine =
      `${changed.length} keystrokes: input → next frame median ${formatMs(medianFrame)}, p95 ${formatMs(p95Frame)}; ` +
      `input → DOM updated median ${formatMs(median(toDom))}, p95 ${formatMs(percentile(toDom, 95))}; ` +
      `${Math.round(inNextFrame * 100)} % shown in the next frame`;
    ctx.log(`  ${consoleLine}`);
    const command = 'npm run bench -- search';
    return {
      goals: [
        {
          figure: `Search keystroke, ${formatNumber(policyCount)} policies: input → next frame (median; p95)`,
          goal: `≤ ${frameGoalMs} ms`,
          measured: `${formatMs(medianFrame)}; p95 ${formatMs(p95Frame)}`,
          met: medianFrame <= frameGoalMs,
          command,
        },
        ...(typos.length
          ? [
              {
                figure: `Search keystroke with a typo (forgiving search), ${formatNumber(policyCount)} policies: input → next frame (median; p95)`,
                goal: `≤ ${frameGoalMs} ms`,
                measured: `${formatMs(median(typoFrame))}; p95 ${formatMs(percentile(typoFrame, 95))}`,
                met: median(typoFrame) <= frameGoalMs,
                command,
              },
            ]
          : []),
      ],
      console: [consoleLine, typoLine],
      details: [
        [
          `Chromium (headless, 360×780, no CPU throttling) on \`/all-policies\`, served by \`npm start\`'s Node entry with`,
          `${formatNumber(policyCount)} policies; the local copy filled from /sync in ${fillSeconds.toFixed(1)} s. The search box gets`,
          `programmatic input events (value set as a user's typing would, then \`input\` dispatched) at a random moment`,
          `within a frame: plan numbers typed digit by digit and deleted again, ${results.length} keystrokes after a warm-up.`,
          `"Input → next frame" ends at the first animation frame after the keystroke's last DOM change (a MutationObserver`,
          `on the page); the goal is judged on its median, since even a keystroke with no work waits up to one frame`,
          `interval (16.7 ms) for the next frame.${unchanged ? ` ${unchanged} keystroke(s) changed nothing on the page and are left out.` : ''}`,
        ].join('\n'),
        markdownTable(
          ['Per keystroke', 'Median', 'p95', 'Max'],
          [
            ['Input → next frame showing the result', formatMs(medianFrame), formatMs(p95Frame), formatMs(Math.max(...toFrame))],
            ['Input → last DOM change', formatMs(median(toDom)), formatMs(percentile(toDom, 95)), formatMs(Math.max(...toDom))],
          ],
        ),
        `Shown in the very next frame: ${Math.round(inNextFrame * 100)} % of ${changed.length} keystrokes.`,
      ],
    };
  } finally {
    await browser.close();
    await app.dispose();
  }
}
