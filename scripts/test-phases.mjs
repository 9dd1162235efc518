/**
 * `npm test`: runs the suite's phases one after another (each an npm script), prints how long
 * each took as it ends and a table of all of them at the end, and stops at the first that fails.
 * CI runs `npm test`, so its log carries the time of every phase (issue: the suite must stay
 * under 25 minutes on a 2-core machine; a phase that grows shows here first).
 */
import { spawnSync } from 'node:child_process';
import console from 'node:console';
import process from 'node:process';

const phases = process.argv.slice(2);
const times = [];
const format = (ms) => `${Math.floor(ms / 60_000)} min ${((ms % 60_000) / 1000).toFixed(1)} s`;
const started = Date.now();

function report() {
  console.log('\nTest phases:');
  for (const { phase, ms, ok } of times) console.log(`  ${ok ? 'passed' : 'FAILED'}  ${phase.padEnd(12)} ${format(ms)}`);
  console.log(`  total            ${format(Date.now() - started)}`);
}

for (const phase of phases) {
  const start = Date.now();
  console.log(`\n=== ${phase} (npm run ${phase})`);
  const result = spawnSync('npm', ['run', phase], { stdio: 'inherit', shell: process.platform === 'win32' });
  const ok = result.status === 0;
  times.push({ phase, ms: Date.now() - start, ok });
  console.log(`=== ${phase}: ${ok ? 'passed' : 'FAILED'} in ${format(Date.now() - start)}`);
  if (!ok) {
    report();
    process.exit(result.status ?? 1);
  }
}
report();
