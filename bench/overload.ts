/**
 * Benchmark 9: past capacity. 256 clients at once, each signing in again and again (a password
 * hash each: the costliest request there is) with a 5 s time-out, for a few seconds: once with the
 * server's load shedding as configured by default, once with it turned off. Prints how many
 * requests got an answer, how many a quick 503 with Retry-After, and how many timed out.
 * The goal (issue 14): past capacity clients get 503s, not time-outs.
 */
import { startApp } from './support/processes.ts';
import { code, markdownTable, type BenchContext, type BenchOutcome } from './support/report.ts';
import { formatMs, median } from './support/stats.ts';

const clients = 256;
const timeoutMs = 5_000;

interface Tally {
  answered: number;
  shed: number;
  timedOut: number;
  failed: number;
  shedLatencies: number[];
}

/** Limits out of the way: this measures capacity, not the per-client rules. */
const noClientLimits = {
  RATE_LIMIT_SIGN_IN: '100000000/60',
  LOGIN_CLIENT_FREE_ATTEMPTS: '100000000',
};

async function drive(url: string, seconds: number): Promise<Tally> {
  const tally: Tally = { answered: 0, shed: 0, timedOut: 0, failed: 0, shedLatencies: [] };
  const until = Date.now() + seconds * 1000;
  let n = 0;
  const client = async () => {
    while (Date.now() < until) {
      n += 1;
      const started = performance.now();
      try {
        const res = await fetch(`${url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: `load${n}@example.test`, password: 'wrong-guess' }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        await res.arrayBuffer();
        if (res.status === 503) {
          tally.shed += 1;
          tally.shedLatencies.push(performance.now() - started);
          // A polite client waits as told (shortened here: the run is only seconds long).
          await new Promise((r) => setTimeout(r, 200));
        } else tally.answered += 1;
      } catch (error) {
        if ((error as Error).name === 'TimeoutError') tally.timedOut += 1;
        else tally.failed += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  return tally;
}

export async function runOverloadBench(ctx: BenchContext): Promise<BenchOutcome> {
  const seconds = ctx.quick ? 6 : 15;
  const runs: [string, Record<string, string>][] = [
    ['shedding on (defaults)', {}],
    ['shedding off', { OVERLOAD_MAX_IN_FLIGHT: '100000000', PASSWORD_HASH_MAX_QUEUE: '100000000', PASSWORD_HASH_MAX_WAIT_MS: '100000000' }],
  ];
  const rows: string[][] = [];
  const tallies: Tally[] = [];
  for (const [label, env] of runs) {
    const server = await startApp({ env: { ...noClientLimits, ...env } });
    try {
      ctx.log(`overload: ${clients} clients signing in for ${seconds} s, ${label}`);
      const tally = await drive(server.url, seconds);
      tallies.push(tally);
      rows.push([
        label,
        String(tally.answered),
        String(tally.shed),
        String(tally.timedOut),
        String(tally.failed),
        tally.shedLatencies.length ? formatMs(median(tally.shedLatencies)) : '—',
      ]);
    } finally {
      await server.dispose();
    }
  }
  const [on] = tallies;
  const total = on ? on.answered + on.shed + on.timedOut + on.failed : 0;
  const command = 'npm run bench -- overload';
  return {
    goals: [
      {
        figure: `time-outs past capacity (${clients} clients signing in, shedding on)`,
        goal: 'none: 503s instead',
        measured: on ? `${on.timedOut} of ${total} (${on.shed} got 503)` : 'not measured',
        met: on ? on.timedOut === 0 && on.shed > 0 : null,
        command,
      },
    ],
    details: [
      markdownTable(['server', 'answered', '503 + Retry-After', `timed out (${timeoutMs / 1000} s)`, 'connection errors', 'median 503 time'], rows),
      `Each client signs in with a wrong password in a loop (one password hash per request), waits 200 ms after a 503. Command: ${code(command)}.`,
    ],
    console: rows.map((row) => `${row[0]}: answered ${row[1]}, 503 ${row[2]}, timed out ${row[3]}, errors ${row[4]}`),
  };
}
