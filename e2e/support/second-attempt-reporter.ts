/**
 * Reporter of the test run (vitest.config.ts): in CI a browser test that fails is run once more
 * (decision 0089), and one that passes only then is named at the end of the run, its failed
 * attempt's trace kept by failure-hook.ts, so a flaky test is seen rather than hidden.
 * A test that failed is named there too, with the start of each error and where it was thrown:
 * the end of a long run's log is sometimes all of it that is kept, and vitest's own account of
 * a failure is printed far above it.
 */
import console from 'node:console';
import { stripVTControlCharacters } from 'node:util';
import type { Reporter, TestCase } from 'vitest/node';

/** Lines of each error's message printed at the end. */
const messageLinesShown = 4;

const nameOf = (testCase: TestCase) => `${testCase.module.moduleId.replace(/^.*\/(e2e|edge-api|pwa|bench|scripts)\//, '$1/')} > ${testCase.fullName}`;

/** The first place in the project's own files (not a dependency's) that the stack names. */
const thrownAt = (stack: string | undefined) =>
  stack
    ?.split('\n')
    .map((line) => /\/((?:e2e|edge-api|pwa|bench|scripts)\/[^\s)]+:\d+:\d+)/.exec(line)?.[1])
    .find(Boolean);

export default class SecondAttemptReporter implements Reporter {
  private readonly flaky: string[] = [];
  private readonly failed: string[] = [];

  onTestCaseResult(testCase: TestCase) {
    if (testCase.diagnostic()?.flaky) this.flaky.push(nameOf(testCase));
    const result = testCase.result();
    if (result.state !== 'failed') return;
    const lines = [`  - ${nameOf(testCase)}`];
    for (const error of result.errors ?? []) {
      const message = stripVTControlCharacters(error.message ?? String(error)).split('\n').filter((line) => line.trim());
      lines.push(...message.slice(0, messageLinesShown).map((line) => `      ${line.slice(0, 200)}`));
      const at = thrownAt(error.stack);
      if (at) lines.push(`      at ${at}`);
    }
    this.failed.push(lines.join('\n'));
  }

  onTestRunEnd() {
    if (this.flaky.length > 0) {
      console.log('\nPassed only on a second attempt (flaky; the failed attempt is under e2e/artifacts/):');
      for (const name of this.flaky) console.log(`  - ${name}`);
    }
    if (this.failed.length > 0) {
      console.log('\nFailed:');
      for (const lines of this.failed) console.log(lines);
    }
  }
}
