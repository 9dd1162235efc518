/**
 * Reporter of the test run (vitest.config.ts): in CI a browser test that fails is run once more
 * (decision 0089), and one that passes only then is named at the end of the run, its failed
 * attempt's trace kept by failure-hook.ts, so a flaky test is seen rather than hidden.
 */
import console from 'node:console';
import type { Reporter, TestCase } from 'vitest/node';

export default class SecondAttemptReporter implements Reporter {
  private readonly flaky: string[] = [];

  onTestCaseResult(testCase: TestCase) {
    if (!testCase.diagnostic()?.flaky) return;
    const file = testCase.module.moduleId.replace(/^.*\/(e2e|edge-api|pwa|bench|scripts)\//, '$1/');
    this.flaky.push(`${file} > ${testCase.fullName}`);
  }

  onTestRunEnd() {
    if (this.flaky.length === 0) return;
    console.log('\nPassed only on a second attempt (flaky; the failed attempt is under e2e/artifacts/):');
    for (const name of this.flaky) console.log(`  - ${name}`);
  }
}
