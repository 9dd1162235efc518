/**
 * A failed browser test leaves a screenshot and a Playwright trace under e2e/artifacts/ (the e2e
 * project's setup file, e2e/support/failure-hook.ts). The first test fails on purpose (`it.fails`
 * passes only if it does fail), through the same hook every browser test has; the second reads
 * what the hook saved.
 */
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, type Browser } from './support/browser.ts';
import { artifactsDir, traceContexts } from './support/failure-artifacts.ts';

let browser: Browser;
const savedTo = join(artifactsDir, 'failure-artifacts', 'a-failed-browser-test-fails-while-its-page-is-open');

beforeAll(async () => {
  // CI makes no traces otherwise (decision 0094); this file checks that a trace would be kept.
  traceContexts();
  rmSync(savedTo, { recursive: true, force: true });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  rmSync(savedTo, { recursive: true, force: true });
});

describe('a failed browser test', () => {
  // No second attempt in CI (vitest.config.ts): its failure is the point.
  it.fails('fails while its page is open', { retry: 0 }, async () => {
    const page = await (await newContext(browser)).newPage();
    await page.setContent('<main><h1>Before the failure</h1><p>What the next engineer should see.</p></main>');
    await page.getByRole('heading', { name: 'Before the failure' }).waitFor();
    await page.getByRole('heading', { name: 'A heading that never comes' }).waitFor({ timeout: 1_000 });
  });

  it('left a screenshot of its page and a trace of its context', () => {
    const screenshot = join(savedTo, 'context-1-page-1.png');
    const trace = join(savedTo, 'context-1-trace.zip');
    expect(existsSync(screenshot), `${screenshot} is missing`).toBe(true);
    expect(readFileSync(screenshot).subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(existsSync(trace), `${trace} is missing`).toBe(true);
    const zip = readFileSync(trace);
    expect(zip.subarray(0, 2).toString('latin1')).toBe('PK');
    // More than an empty archive: the recorded steps and their DOM snapshots.
    expect(statSync(trace).size).toBeGreaterThan(1_000);
  });
});
