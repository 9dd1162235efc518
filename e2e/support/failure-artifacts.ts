/**
 * What a failed browser test leaves for the next engineer: a screenshot of every page still open
 * and a Playwright trace (DOM snapshots of each step, network, console) of every browser context
 * still open, under e2e/artifacts/<test file>/<test name>/ (git-ignored). Open a trace with
 * `npx playwright-core show-trace <trace.zip>`, or in a terminal:
 * `npx playwright-core trace open <trace.zip> && npx playwright-core trace actions`.
 *
 * Only the e2e project turns this on (e2e/support/failure-hook.ts); the benchmarks share
 * newContext() and must not pay for tracing. No vitest import here for the same reason.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import type { BrowserContext } from 'playwright-core';

const repoRoot = join(import.meta.dirname, '../..');
export const artifactsDir = join(repoRoot, 'e2e/artifacts');

let enabled = false;
/**
 * Traces are for a developer's own failures. CI keeps nothing but its printed log, so there a
 * trace would cost its time (about 5% of a browser file's) and never be read. E2E_TRACE=1 or 0
 * decides either way.
 */
let tracingWanted = process.env.E2E_TRACE ? process.env.E2E_TRACE !== '0' : !process.env.CI;

/** Traces the contexts made from now on, wherever the run is (the test of this module needs one). */
export function traceContexts(): void {
  tracingWanted = true;
}
/** Contexts still open, each with whether it is being traced. */
const open = new Map<BrowserContext, { tracing: boolean }>();
/** Screenshots: true would record a screencast all along; DOM snapshots per step are cheaper. */
const traceOptions = { snapshots: true, screenshots: false, sources: false } as const;

export function enableFailureArtifacts(): void {
  enabled = true;
}

/** Called by newContext(): keeps the context in view and traces it, when enabled. */
export async function watchContext(context: BrowserContext): Promise<void> {
  if (!enabled) return;
  const entry = { tracing: false };
  open.set(context, entry);
  context.once('close', () => open.delete(context));
  if (tracingWanted) {
    await context.tracing.start(traceOptions);
    entry.tracing = true;
  }
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80) || 'test';

/**
 * Saves the screenshots and traces of every open context into the failed test's folder and
 * returns that folder (null when nothing was open). Tracing restarts afterwards, so a context
 * shared by later tests keeps being traced from here on.
 */
export async function saveFailureArtifacts(testFile: string, testName: string): Promise<string | null> {
  if (!open.size) return null;
  const dir = join(artifactsDir, basename(testFile).replace(/\.test\.ts$/, ''), slug(testName));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let contextNumber = 0;
  for (const [context, entry] of open) {
    contextNumber += 1;
    // One context failing to give its artifacts (it may be closing) must not hide the others'.
    let pageNumber = 0;
    for (const page of context.pages()) {
      pageNumber += 1;
      await page
        .screenshot({ path: join(dir, `context-${contextNumber}-page-${pageNumber}.png`), fullPage: true, timeout: 10_000 })
        .catch((error: unknown) => console.warn(`No screenshot of ${page.url()}: ${String(error)}`));
    }
    if (entry.tracing) {
      await context.tracing
        .stop({ path: join(dir, `context-${contextNumber}-trace.zip`) })
        .then(() => context.tracing.start(traceOptions))
        .catch((error: unknown) => console.warn(`No trace of context ${contextNumber}: ${String(error)}`));
    }
  }
  return relative(repoRoot, dir);
}
