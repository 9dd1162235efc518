/**
 * `npm run bench -- api`, the same-work floor part (issue 32): the app against bench/support/floor-server.ts,
 * which does the app's own work on bare node:http; checked equal first, then measured interleaved by
 * server CPU per request. Called by bench/api.ts.
 */
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applicationPost } from './support/data.ts';
import { commandLine, type LoadSpec } from './support/load.ts';
import { startFloorServer, type AppServer } from './support/processes.ts';
import { applicationProbes, compareWithFloor, differencesFrom, policyProbes, type Probe } from './support/same-work.ts';
import { markdownTable, type BenchContext, type BenchOutcome, type GoalFigure } from './support/report.ts';
import { formatMicros, formatNumber, formatRatio, median } from './support/stats.ts';

/**
 * The goals (issue 52), server CPU per request. The read is judged against bare Hono: what the app adds
 * beyond its own framework (bare Hono alone costs 1.14-1.19 of the floor, decision 0099). The write is
 * judged against the floor. The read's old goal, app ÷ floor ≤ 1.2 (issue 32), is retired (decision 0118).
 */
const floorGoals = {
  read: { limit: 1.1, against: 'bare Hono' },
  write: { limit: 1.05, against: 'same-work floor' },
} as const;

interface FloorEndpoint {
  name: string;
  kind: keyof typeof floorGoals;
  spec: LoadSpec;
  probes: Probe[];
}

/** The app against the same-work floor: equal answers first, then CPU per request, interleaved. */
export async function runFloorPart(ctx: BenchContext, app: AppServer, token: string, body: string, policyCount: number): Promise<BenchOutcome> {
  const rounds = ctx.quick ? 4 : 16;
  const seconds = ctx.quick ? 1.5 : 2.5;
  const warmupSeconds = ctx.quick ? 1 : 2;
  const floorData = mkdtempSync(join(tmpdir(), 'bench-floor-'));
  const frameworkData = mkdtempSync(join(tmpdir(), 'bench-framework-'));
  // The app is idle (nothing asked yet): its files are a consistent copy, with the same user.
  cpSync(app.dataDir, floorData, { recursive: true });
  cpSync(app.dataDir, frameworkData, { recursive: true });
  const floor = await startFloorServer(floorData);
  // The same work behind bare Hono: what the framework itself costs (floor-server.ts, FLOOR_HTTP).
  const framework = await startFloorServer(frameworkData, { env: { FLOOR_HTTP: 'hono' } });
  const randomPolicy = () => `/api/policies/bench-policy-${1 + Math.floor(Math.random() * policyCount)}`;
  const endpoints: FloorEndpoint[] = [
    {
      name: 'GET /api/policies/:id',
      kind: 'read',
      spec: { method: 'GET', path: '/api/policies/bench-policy-500', vary: () => ({ path: randomPolicy() }) },
      probes: policyProbes(token),
    },
    {
      name: 'POST /api/applications (signed in, idempotent)',
      kind: 'write',
      spec: applicationPost(token, body),
      probes: applicationProbes(token, body),
    },
  ];
  const goalRows: GoalFigure[] = [];
  const roundRows: string[][] = [];
  const consoleLines: string[] = [];
  const checks: string[] = [];
  try {
    for (const endpoint of endpoints) {
      const { limit, against } = floorGoals[endpoint.kind];
      const figure = `${endpoint.name}: app ÷ ${against}, server CPU per request (median of ${rounds} interleaved rounds)`;
      const goal = `≤ ${limit.toFixed(2)}`;
      const command = commandLine('<app and floor>', endpoint.spec, seconds);
      const [found = [], frameworkFound = []] = await differencesFrom(floor, [app, framework], endpoint.probes);
      checks.push(`${endpoint.name}: ${endpoint.probes.length} probes (${endpoint.probes.map((p) => p.label).join('; ')}): ${found.length ? `${found.length} differ` : 'the same status, headers and body'}; bare Hono: ${frameworkFound.length ? `${frameworkFound.length} differ` : 'the same'}`);
      if (found.length) {
        for (const difference of found) ctx.log(`  floor differs: ${difference}`);
        goalRows.push({ figure, goal, measured: `not comparable: the floor answers ${found.length} probe(s) differently`, met: null, command });
        continue;
      }
      for (const difference of frameworkFound) ctx.log(`  bare Hono differs from the floor: ${difference}`);
      ctx.log(`  ${endpoint.name}: floor answers as the app does; ${rounds} interleaved rounds of ${seconds} s`);
      const { rounds: measured, pooled, frameworkPooled, load } = await compareWithFloor(
        app,
        floor,
        endpoint.spec,
        rounds,
        seconds,
        warmupSeconds,
        frameworkFound.length ? undefined : framework,
      );
      const ratios = measured.map((r) => r.ratio);
      const ratio = median(ratios);
      const frameworkRatio = median(measured.map((r) => r.frameworkRatio));
      const overFramework = measured.map((r) => r.appMicros / r.frameworkMicros);
      const appOverFramework = median(overFramework);
      const range = (values: number[]) => `${formatRatio(Math.min(...values))}-${formatRatio(Math.max(...values))}`;
      const frameworkLine = frameworkFound.length
        ? 'bare Hono not measured (its answers differ)'
        : `bare Hono ÷ floor ${formatRatio(frameworkRatio)} (pooled ${formatRatio(frameworkPooled)}), app ÷ bare Hono ${formatRatio(appOverFramework)} (rounds ${range(overFramework)})`;
      const micros = `app ${formatMicros(median(measured.map((r) => r.appMicros)))}, floor ${formatMicros(median(measured.map((r) => r.floorMicros)))}`;
      const loadLine = `load ${load.map((l) => l.toFixed(1)).join(' → ')}`;
      if (against === 'bare Hono') {
        // Judged against bare Hono: without its answers (they differ from the floor's) there is no figure.
        const judged = frameworkFound.length ? null : appOverFramework;
        goalRows.push({
          figure,
          goal,
          measured:
            judged === null
              ? `not comparable: ${frameworkLine}`
              : `${formatRatio(judged)} (rounds ${range(overFramework)}; ${micros}, bare Hono ${formatMicros(median(measured.map((r) => r.frameworkMicros)))}; app ÷ floor ${formatRatio(ratio)} (rounds ${range(ratios)}, pooled ${formatRatio(pooled)}), bare Hono ÷ floor ${formatRatio(frameworkRatio)}; ${loadLine})`,
          met: judged === null ? null : judged <= limit,
          command,
        });
      } else {
        goalRows.push({
          figure,
          goal,
          measured: `${formatRatio(ratio)} (rounds ${range(ratios)}, pooled ${formatRatio(pooled)}; ${micros}; ${frameworkLine}; ${loadLine})`,
          met: ratio <= limit,
          command,
        });
      }
      measured.forEach((r, index) =>
        roundRows.push([
          endpoint.name,
          String(index + 1),
          r.order,
          formatMicros(r.appMicros),
          formatMicros(r.floorMicros),
          Number.isNaN(r.frameworkMicros) ? '-' : formatMicros(r.frameworkMicros),
          formatRatio(r.ratio),
          Number.isNaN(r.frameworkRatio) ? '-' : formatRatio(r.frameworkRatio),
          formatNumber(r.appRps),
          formatNumber(r.floorRps),
        ]),
      );
      consoleLines.push(
        `${endpoint.name}: goal app ÷ ${against} ${goal}; app ÷ floor ${formatRatio(ratio)} (pooled ${formatRatio(pooled)}); ${frameworkLine}; rounds ${ratios.map(formatRatio).join(', ')}; ${loadLine}`,
      );
      ctx.log(`  ${consoleLines[consoleLines.length - 1]}`);
    }
  } finally {
    await floor.dispose();
    await framework.dispose();
  }
  const details = [
    `### Against the same-work floor (issue 32)`,
    [
      `The floor is \`bench/support/floor-server.ts\`: bare node:http doing exactly the app's work for these two endpoints, by`,
      `calling the app's own code for it: the same database layer (SQLite settings, statement cache, prepared statements,`,
      `group commit with synchronous = FULL), the overload guard, the cross-site and size checks, the JWT and session`,
      `look-up, the access table, the zod schemas, the command (idempotency hash and record, limits, audit row, one batch),`,
      `the kept policy answer and its counted view, the security headers (the app's own constant), the request`,
      `log line and metrics. It runs over a copy of the app's database taken before either is asked anything. What it`,
      `leaves out is what a framework adds: routing, middleware layers, the adapter's Request and Response.`,
      `"Bare Hono" is the same file with FLOOR_HTTP=hono: the same work behind the app's own framework and adapter (Hono`,
      `on @hono/node-server), one route per endpoint and no middleware. Bare Hono ÷ floor is what the framework costs by`,
      `itself; app ÷ bare Hono is what the app adds beyond it (its layers, its route declarations).`,
      `Before measuring, both are asked the same probes in the same order and must answer with the same status, headers`,
      `(all but Date, Connection, Keep-Alive and the random X-Request-Id) and body (new ids and times masked):`,
    ].join('\n'),
    checks.map((line) => `- ${line}`).join('\n'),
    [
      `Then per endpoint a warm-up of each, and ${rounds} rounds of one ${seconds} s autocannon run (10 connections) on each,`,
      `the order alternating (floor, app, bare Hono; then bare Hono, app, floor): short turns, because on a shared machine the load swings`,
      `within seconds. The figure is each server process's user + system CPU time (from /proc) divided by the requests it`,
      `answered; the ratio is app ÷ floor per round, the goal is judged on the median of the rounds, and the pooled ratio`,
      `(each server's CPU over all its requests) is given beside it.`,
      `CPU per request moves much less than requests per second when the machine is shared, but it still moves: the load`,
      `average is given with each figure, and every round is below. What issue 32 changed to get here, with the`,
      `figures before and after, is in docs/decisions/0083-api-overhead-against-a-same-work-floor.md and`,
      `docs/decisions/0099-a-floor-without-slow-objects-and-bare-hono-beside-it.md.`,
    ].join('\n'),
    markdownTable(
      ['Endpoint', 'Round', 'Order', 'App CPU/request', 'Floor CPU/request', 'Bare Hono CPU/request', 'App ÷ floor', 'Bare Hono ÷ floor', 'App req/s', 'Floor req/s'],
      roundRows,
    ),
  ];
  return { goals: goalRows, details, console: consoleLines };
}
