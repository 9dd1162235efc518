/**
 * `npm test`: runs the suite's phases one after another (each an npm script), prints how long
 * each took as it ends and a table of all of them at the end, and stops at the first that fails.
 * CI runs `npm test`, so its log carries the time of every phase (issue 52: the suite must stay
 * within 20 minutes on a 2-core machine; a phase that grows shows here first).
 * Phases joined by `+` run at the same time: type checking and linting are one process each,
 * so together they use the machine's two cores. Their output is printed whole as each ends,
 * not interleaved.
 */
import { spawn } from 'node:child_process';
import console from 'node:console';
import process from 'node:process';
import { Buffer } from 'node:buffer';

const steps = process.argv.slice(2).map((step) => step.split('+'));
const times = [];
const format = (ms) => `${Math.floor(ms / 60_000)} min ${((ms % 60_000) / 1000).toFixed(1)} s`;
const started = Date.now();

function report() {
  console.log('\nTest phases:');
  for (const { phase, ms, ok } of times) console.log(`  ${ok ? 'passed' : 'FAILED'}  ${phase.padEnd(12)} ${format(ms)}`);
  console.log(`  total            ${format(Date.now() - started)}`);
}

/** Runs `npm run <phase>`; alone, its output streams; beside others, it is kept and printed at its end. */
function run(phase, alone) {
  const start = Date.now();
  console.log(`\n=== ${phase} (npm run ${phase})${alone ? '' : ', beside the others of its step'}`);
  const child = spawn('npm', ['run', phase], { stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
  const output = [];
  child.stdout?.on('data', (chunk) => output.push(chunk));
  child.stderr?.on('data', (chunk) => output.push(chunk));
  return new Promise((resolve) => {
    child.on('close', (code) => {
      const ok = code === 0;
      if (!alone) {
        console.log(`\n=== ${phase}: its output`);
        process.stdout.write(Buffer.concat(output));
      }
      times.push({ phase, ms: Date.now() - start, ok });
      console.log(`=== ${phase}: ${ok ? 'passed' : 'FAILED'} in ${format(Date.now() - start)}`);
      resolve(ok ? 0 : code ?? 1);
    });
  });
}

for (const step of steps) {
  const codes = await Promise.all(step.map((phase) => run(phase, step.length === 1)));
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) {
    report();
    process.exit(failed);
  }
}
report();
