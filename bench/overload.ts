/**
 * Benchmark 9: past capacity. 256 clients at once, each signing in again and again with a wrong
 * password (a password hash each: the costliest request there is), for a few seconds: once with
 * the server's load shedding as configured by default, once with it turned off.
 * Every request has a client time-out of 5 s (`clientTimeoutMs`), counted from before the
 * connection is made to the end of the answer's body; a client whose answer is a 503 waits
 * 200 ms and tries again (impatient on purpose: the PWA waits the Retry-After). Prints, per run,
 * how many answers were 2xx, 401, 429, 503 (with Retry-After or without), other statuses,
 * time-outs and connection errors, the load average before the run, and answer times.
 * The goal (issue 14): past capacity clients get 503s, not time-outs.
 */
import { loadavg } from 'node:os';
import { startApp } from './support/processes.ts';
import { code, markdownTable, type BenchContext, type BenchOutcome } from './support/report.ts';
import { formatMs, median, percentile } from './support/stats.ts';

const clients = 256;
const clientTimeoutMs = 5_000;

interface Tally {
  ok: number;
  unauthorized: number;
  tooMany: number;
  shed: number;
  shedWithoutRetryAfter: number;
  other: number;
  timedOut: number;
  failed: number;
  shedMs: number[];
  answerMs: number[];
}

const newTally = (): Tally => ({ ok: 0, unauthorized: 0, tooMany: 0, shed: 0, shedWithoutRetryAfter: 0, other: 0, timedOut: 0, failed: 0, shedMs: [], answerMs: [] });

/** Limits out of the way: this measures capacity, not the per-client rules. */
const noClientLimits = {
  RATE_LIMIT_SIGN_IN: '100000000/60',
  LOGIN_CLIENT_FREE_ATTEMPTS: '100000000',
  LOGIN_FREE_ATTEMPTS: '100000000',
};

function count(tally: Tally, res: Response, ms: number): void {
  tally.answerMs.push(ms);
  if (res.status >= 200 && res.status < 300) tally.ok += 1;
  else if (res.status === 401) tally.unauthorized += 1;
  else if (res.status === 429) tally.tooMany += 1;
  else if (res.status === 503) {
    tally.shed += 1;
    tally.shedMs.push(ms);
    if (!res.headers.get('retry-after')) tally.shedWithoutRetryAfter += 1;
  } else tally.other += 1;
}

async function drive(url: string, seconds: number): Promise<Tally> {
  const tally = newTally();
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
          signal: AbortSignal.timeout(clientTimeoutMs),
        });
        await res.arrayBuffer();
        count(tally, res, performance.now() - started);
        if (res.status === 503) await new Promise((r) => setTimeout(r, 200));
      } catch (error) {
        if ((error as Error).name === 'TimeoutError') tally.timedOut += 1;
        else tally.failed += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  return tally;
}

const load = () => loadavg().map((value) => value.toFixed(2)).join(' ');

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
      const loadBefore = load();
      ctx.log(`overload: ${clients} clients signing in for ${seconds} s, ${label} (load average ${loadBefore})`);
      const tally = await drive(server.url, seconds);
      tallies.push(tally);
      rows.push([
        label,
        loadBefore,
        String(tally.ok),
        String(tally.unauthorized),
        String(tally.tooMany),
        `${tally.shed}${tally.shedWithoutRetryAfter ? ` (${tally.shedWithoutRetryAfter} without Retry-After)` : ''}`,
        String(tally.other),
        String(tally.timedOut),
        String(tally.failed),
        tally.shedMs.length ? `${formatMs(median(tally.shedMs))} / ${formatMs(percentile(tally.shedMs, 99))}` : '—',
        tally.answerMs.length ? formatMs(Math.max(...tally.answerMs)) : '—',
      ]);
    } finally {
      await server.dispose();
    }
  }
  const [on] = tallies;
  const total = on ? on.ok + on.unauthorized + on.tooMany + on.shed + on.other + on.timedOut + on.failed : 0;
  const command = 'npm run bench -- overload';
  return {
    goals: [
      {
        figure: `time-outs past capacity (${clients} clients signing in, shedding on, ${clientTimeoutMs / 1000} s client time-out)`,
        goal: 'none: 503s instead',
        measured: on ? `${on.timedOut} of ${total} (${on.shed} got 503, ${on.failed} connection errors)` : 'not measured',
        met: on ? on.timedOut === 0 && on.failed === 0 && on.shed > 0 && on.shedWithoutRetryAfter === 0 : null,
        command,
      },
    ],
    details: [
      markdownTable(
        ['server', 'load average before', '2xx', '401', '429', '503', 'other', `timed out (${clientTimeoutMs / 1000} s)`, 'connection errors', '503 time median / p99', 'slowest answer'],
        rows,
      ),
      `Each client signs in with a wrong password in a loop (one password hash per request) and waits 200 ms after a 503. Client time-out ${clientTimeoutMs / 1000} s per request. Command: ${code(command)}.`,
    ],
    console: rows.map(
      (row) =>
        `${row[0]} (load ${row[1]}): 2xx ${row[2]}, 401 ${row[3]}, 429 ${row[4]}, 503 ${row[5]}, other ${row[6]}, timed out ${row[7]}, errors ${row[8]}, 503 median/p99 ${row[9]}, slowest ${row[10]}`,
    ),
  };
}
