/**
 * Benchmark 1: API throughput, in two parts.
 *
 * Against the same-work floor (issue 32): bench/support/floor-server.ts does exactly the app's
 * work for GET /api/policies/:id and POST /api/applications on bare node:http, over a copy of
 * the app's database. Both must answer a set of probes alike (status, headers, body); then the
 * server CPU per request is measured in interleaved rounds, beside bare Hono doing the same work
 * (issue 52's goals: the GET's app ÷ bare Hono ≤ 1.10, the POST's app ÷ floor ≤ 1.05; see
 * bench/api-floor.ts). See bench/support/same-work.ts. BENCH_API=floor runs this part alone.
 *
 * Against replayed bytes (BENCH_API=replay runs this part alone): The real server (the Node entry, as `npm start` runs it, over
 * SQLite with 1,000 policies) against a plain node:http server answering the same bytes,
 * measured in turns (plain, app, plain, app, ...) so both see the same machine load. The
 * figure is the median of the per-pair ratios app / plain of requests per second.
 * Endpoints whose ratio misses the goal are profiled (node --cpu-prof) to show what dominates.
 */
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuSeconds } from './support/cpu.ts';
import { accessTokenFor, applicationBody, applicationPost, benchPolicies, fillDatabase, insertRows, insertUser, type BenchUser } from './support/data.ts';
import { rawRequest } from './support/http.ts';
import { runLoad, type LoadResult, type LoadSpec } from './support/load.ts';
import { captureHeaders, type CapturedResponse } from './support/plain-server.ts';
import { startApp, startPlainServer, type AppServer } from './support/processes.ts';
import { monotonicMicros, readProfile, type ProfileSummary, type ProfileWindow } from './support/profile.ts';
import { code, markdownTable, SkipBenchmark, type BenchContext, type BenchOutcome, type GoalFigure } from './support/report.ts';
import { formatMicros, formatMs, formatNumber, formatRatio, median } from './support/stats.ts';
import { runFloorPart } from './api-floor.ts';

const policyCount = 1000;
/**
 * Below these app ÷ plain ratios a replayed endpoint is profiled. They were goals until the
 * same-work floor replaced them (decision 0099): the plain server answers with captured bytes
 * and does none of the work, so the ratio is a detail, never a goal (issue 52).
 */
const profileBelow = { read: 0.7, write: 0.4 } as const;
const parts = process.env.BENCH_API ?? 'floor,replay';

interface Endpoint {
  name: string;
  kind: keyof typeof profileBelow;
  spec: LoadSpec;
  /** Which requests the plain server answers with this endpoint's captured response. */
  pathPattern: string;
  /** Asked with Accept-Encoding as browsers do (the app may compress), or without. */
  compressed: boolean;
}

const browserEncoding = 'gzip, deflate, br';

/** Each endpoint twice: as a bare client asks (no Accept-Encoding), and as a browser does. */
const withAndWithoutEncoding = (endpoints: Endpoint[]): Endpoint[] =>
  endpoints.flatMap((endpoint) => [
    endpoint,
    {
      ...endpoint,
      name: `${endpoint.name}, Accept-Encoding: ${browserEncoding}`,
      compressed: true,
      spec: { ...endpoint.spec, headers: { ...endpoint.spec.headers, 'accept-encoding': browserEncoding } },
    },
  ]);

interface Measured extends LoadResult {
  /** Server CPU (user + system) per request, in microseconds; NaN where /proc is missing. */
  cpuMicros: number;
}

interface Pair {
  plain: Measured;
  app: Measured;
  ratio: number;
}

/** One load run against `server`, with the CPU the server process spent on it. */
async function measure(server: { url: string; pid: number }, spec: LoadSpec, seconds: number): Promise<Measured> {
  const before = cpuSeconds(server.pid);
  const result = await runLoad(server.url, spec, seconds);
  const after = cpuSeconds(server.pid);
  const cpuMicros = before === null || after === null || !result.total ? Number.NaN : ((after - before) * 1e6) / result.total;
  return { ...result, cpuMicros };
}

function endpointsFor(user: BenchUser, token: string): Endpoint[] {
  const randomPolicy = () => `/api/policies/bench-policy-${1 + Math.floor(Math.random() * policyCount)}`;
  const body = JSON.stringify(applicationBody(user, 'bench-policy-1'));
  return withAndWithoutEncoding([
    {
      name: 'GET /policies/:id',
      kind: 'read',
      spec: { method: 'GET', path: '/api/policies/bench-policy-500', vary: () => ({ path: randomPolicy() }) },
      pathPattern: '^/api/policies/[^/]+$',
      compressed: false,
    },
    {
      name: `GET /policies (${formatNumber(policyCount)} policies)`,
      kind: 'read',
      spec: { method: 'GET', path: '/api/policies' },
      pathPattern: '^/api/policies$',
      compressed: false,
    },
    {
      name: 'POST /applications (signed in, idempotent)',
      kind: 'write',
      spec: applicationPost(token, body),
      pathPattern: '^/api/applications$',
      compressed: false,
    },
  ]);
}

/** One real answer of the app per endpoint, to be served verbatim by the plain server. */
async function capture(app: AppServer, endpoint: Endpoint): Promise<CapturedResponse | string> {
  const { spec } = endpoint;
  const headers = { ...spec.headers, ...spec.vary?.().headers };
  const response = await rawRequest(app.url + spec.path, { method: spec.method, headers, body: spec.body });
  if (response.status < 200 || response.status >= 300) {
    return `${spec.method} ${spec.path} answered ${response.status}: ${response.body.toString('utf8').slice(0, 200)}`;
  }
  return {
    method: spec.method,
    path: endpoint.pathPattern,
    status: response.status,
    headers: captureHeaders(response.headers),
    body: response.body.toString('base64'),
    compressed: endpoint.compressed,
  };
}

async function profileEndpoint(
  prepare: (dataDir: string) => void | Promise<void>,
  endpoint: Endpoint,
  seconds: number,
  ctx: BenchContext,
): Promise<ProfileSummary | null> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-prof-'));
  try {
    const app = await startApp({ prepare, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] });
    let window: ProfileWindow;
    try {
      // Warm up first, and count only the samples under load: start-up is not what we measure.
      await runLoad(app.url, endpoint.spec, 1);
      const fromMicros = monotonicMicros();
      await runLoad(app.url, endpoint.spec, seconds);
      window = { fromMicros, toMicros: monotonicMicros() };
    } finally {
      await app.dispose();
    }
    const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
    if (!file) {
      ctx.log(`  no CPU profile was written for ${endpoint.name}`);
      return null;
    }
    return readProfile(join(dir, file), window);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;

export async function runApiBench(ctx: BenchContext): Promise<BenchOutcome> {
  const seconds = ctx.quick ? 3 : 10;
  const pairCount = ctx.quick ? 1 : 3;
  const warmupSeconds = ctx.quick ? 1 : 2;

  let user: BenchUser | undefined;
  const prepare = (dataDir: string) =>
    fillDatabase(dataDir, (sqlite) => {
      insertRows(sqlite, 'policies', benchPolicies(policyCount));
      user = insertUser(sqlite, 'user', 'Bench Applicant');
    });
  const app = await startApp({ prepare });
  const workDir = mkdtempSync(join(tmpdir(), 'bench-api-'));
  const measuredData = mkdtempSync(join(tmpdir(), 'bench-api-data-'));
  const goalRows: GoalFigure[] = [];
  const detailRows: string[][] = [];
  const consoleLines: string[] = [];
  const notes: string[] = [];
  const floorDetails: string[] = [];
  const poor: Endpoint[] = [];
  let plain: Awaited<ReturnType<typeof startPlainServer>> | undefined;
  try {
    if (!user) throw new Error('the bench user was not created');
    const token = await accessTokenFor(user);
    if (parts.includes('floor')) {
      const floor = await runFloorPart(ctx, app, token, JSON.stringify(applicationBody(user, 'bench-policy-1')), policyCount);
      goalRows.push(...floor.goals);
      floorDetails.push(...floor.details);
      consoleLines.push(...floor.console);
    }
    const endpoints = parts.includes('replay') ? endpointsFor(user, token) : [];
    const captured: CapturedResponse[] = [];
    const measurable: Endpoint[] = [];
    for (const endpoint of endpoints) {
      const answer = await capture(app, endpoint);
      if (typeof answer === 'string') {
        ctx.log(`  ${endpoint.name}: skipped: ${answer}`);
        notes.push(`${endpoint.name}: skipped: ${answer}`);
        continue;
      }
      captured.push(answer);
      measurable.push(endpoint);
    }
    if (!measurable.length && endpoints.length) throw new SkipBenchmark('no endpoint answered with 2xx');
    const responsesFile = join(workDir, 'responses.json');
    writeFileSync(responsesFile, JSON.stringify(captured));
    plain = await startPlainServer(responsesFile);

    for (const endpoint of measurable) {
      ctx.log(`  ${endpoint.name}: warm-up, then ${pairCount} × (plain ${seconds} s, app ${seconds} s)`);
      await runLoad(plain.url, endpoint.spec, warmupSeconds);
      await runLoad(app.url, endpoint.spec, warmupSeconds);
      const pairs: Pair[] = [];
      for (let i = 0; i < pairCount; i++) {
        const plainResult = await measure(plain, endpoint.spec, seconds);
        const appResult = await measure(app, endpoint.spec, seconds);
        pairs.push({ plain: plainResult, app: appResult, ratio: appResult.requestsPerSecond / plainResult.requestsPerSecond });
      }
      const ratio = median(pairs.map((p) => p.ratio));
      const appCpu = median(pairs.map((p) => p.app.cpuMicros));
      const plainCpu = median(pairs.map((p) => p.plain.cpuMicros));
      const appRps = median(pairs.map((p) => p.app.requestsPerSecond));
      const plainRps = median(pairs.map((p) => p.plain.requestsPerSecond));
      // runLoad has failed the run already if any answer was not a success.
      if (ratio < profileBelow[endpoint.kind]) poor.push(endpoint);
      const p = (values: number[]) => formatMs(median(values));
      detailRows.push([
        endpoint.name,
        formatNumber(appRps),
        p(pairs.map((x) => x.app.p50)),
        p(pairs.map((x) => x.app.p99)),
        formatNumber(plainRps),
        p(pairs.map((x) => x.plain.p50)),
        p(pairs.map((x) => x.plain.p99)),
        pairs.map((x) => formatRatio(x.ratio)).join(', '),
        formatRatio(ratio),
        formatMicros(appCpu),
        formatMicros(plainCpu),
        formatRatio(plainCpu / appCpu),
      ]);
      consoleLines.push(
        `${endpoint.name}: app ${formatNumber(appRps)} req/s (p50 ${p(pairs.map((x) => x.app.p50))}, p99 ${p(pairs.map((x) => x.app.p99))}), ` +
          `plain ${formatNumber(plainRps)} req/s; ratio ${formatRatio(ratio)}; ` +
          `server CPU per request: app ${formatMicros(appCpu)}, plain ${formatMicros(plainCpu)}`,
      );
      ctx.log(`  ${consoleLines[consoleLines.length - 1]}`);
    }
  } finally {
    await plain?.stop();
    // The profiles below are taken over this very database (its user, so the same token is
    // accepted): a freshly prepared one would answer every signed-in request with 401.
    cpSync(app.dataDir, measuredData, { recursive: true });
    await app.dispose();
    rmSync(workDir, { recursive: true, force: true });
  }

  const profiles: string[] = [];
  const profileSeconds = ctx.quick ? 3 : 5;
  if (poor.length && process.env.BENCH_PROFILE !== '0') {
    for (const endpoint of poor) {
      ctx.log(`  profiling ${endpoint.name} (${profileSeconds} s under load with --cpu-prof)`);
      const summary = await profileEndpoint((dataDir) => cpSync(measuredData, dataDir, { recursive: true }), endpoint, profileSeconds, ctx);
      if (!summary) continue;
      const topAreas = summary.areas.slice(0, 4).map((a) => `${a.name} ${percent(a.share)}`).join(', ');
      consoleLines.push(`  profile of ${endpoint.name}: ${topAreas}`);
      profiles.push(
        [
          `#### Profile of ${endpoint.name} (${formatNumber(summary.busyMs)} ms busy, self time)`,
          '',
          markdownTable(['Area', 'Share'], summary.areas.map((a) => [a.name, percent(a.share)])),
          '',
          markdownTable(['Function', 'Share'], summary.functions.map((f) => [f.name, percent(f.share)])),
        ].join('\n'),
      );
    }
  }

  rmSync(measuredData, { recursive: true, force: true });
  const details = [
    ...floorDetails,
    ...(parts.includes('replay') ? replayDetails(pairCount, seconds, detailRows, notes, profiles) : []),
  ];
  return { goals: goalRows, details, console: consoleLines };
}

function replayDetails(pairCount: number, seconds: number, detailRows: string[][], notes: string[], profiles: string[]): string[] {
  return [
    `### Against replayed bytes`,
    [
      `The app is the Node entry (\`edge-api/src/node/node.ts\`, as \`npm start\` runs it, serving the PWA too) over a fresh`,
      `SQLite file with ${formatNumber(policyCount)} policies and one signed-in user; the plain server is`,
      `\`bench/support/plain-server.ts\`, a bare node:http server answering each route with the bytes (status, headers,`,
      `body) captured from the app once per endpoint and encoding. Both run in their own process; autocannon (10`,
      `connections) runs in the bench process, once without Accept-Encoding and once with \`${browserEncoding}\` as`,
      `browsers send it (the app then compresses what is worth it; the plain server sends the captured compressed`,
      `bytes). Every answer must be a 2xx, or the run fails. Runs alternate plain, app, plain, app, ...`,
      `(${pairCount} pair(s) of ${seconds} s after a warm-up); latencies are the medians over the runs. "CPU/request" is`,
      `the server process's user + system CPU time (from /proc) divided by the requests it answered: it moves far less`,
      `than requests per second when other work shares the machine, and plain/app estimates the ratio on a quiet one`,
      `(when the load generator, not the plain server, limits the plain runs, the req/s ratio comes out higher).`,
      `\`GET /policies/:id\` asks for a random one of the ${formatNumber(policyCount)} policies; \`POST /applications\` sends`,
      `a new Idempotency-Key with every request. The CPU profiles below goal are taken by a second server process`,
      `(started with --cpu-prof) over a copy of the measured server's database, so the same signed-in user and token.`,
    ].join('\n'),
    markdownTable(
      [
        'Endpoint',
        'App req/s',
        'App p50',
        'App p99',
        'Plain req/s',
        'Plain p50',
        'Plain p99',
        'Ratios per pair',
        'Median ratio',
        'App CPU/request',
        'Plain CPU/request',
        'CPU ratio plain/app',
      ],
      detailRows,
    ),
    ...notes.map((note) => `Note: ${note}`),
    ...(profiles.length ? [`### Where the time goes (endpoints below goal; ${code('BENCH_PROFILE=0')} turns this off)`, ...profiles] : []),
  ];
}
