/**
 * `npm run bench -- worker`: the per-request work issue 16 bounded, measured on the Worker
 * (the real bundle on Miniflare/workerd over local D1) beside Node (the same app over SQLite),
 * both over the same data: 2,000 policies with usage counts. Wall time per request, median
 * of sequential requests (a shared machine: compare the two columns, not the absolute times).
 * A sync push of 1, 20 and 100 mutations: wall time on both, and on the Worker the D1 calls the
 * request made, counted on the binding (COUNT_D1_CALLS, db/d1-call-count.ts), against the
 * budget of commands/push.ts.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Miniflare } from 'miniflare';
import { pushCallBudget } from '../edge-api/src/commands/push.ts';
import { d1CallsHeader } from '../edge-api/src/worker/d1-call-count.ts';
import { currentParameters, hashPassword, previousParameters } from '../edge-api/src/auth/password.ts';
import { startNodeServer } from '../edge-api/src/node/node.ts';
import { userRow } from '../edge-api/src/seed/factories.ts';
import { exportNodeInstallation } from '../scripts/operator/node-export.ts';
import { d1ExecuteScript, wranglerEnv } from '../scripts/operator/wrangler.ts';
import { applicationBody, benchPolicies, fillDatabase, insertRows } from './support/data.ts';
import { benchJwtSecret, migrationsDir, repoRoot } from './support/processes.ts';
import { markdownTable, noGoal, type GoalFigure, type BenchContext, type BenchOutcome } from './support/report.ts';
import { formatMs, median } from './support/stats.ts';

const policyCount = 2000;
const password = 'bench-password-1';
const oldHashUsers = 3;
const pushSizes = [1, 20, 100] as const;

interface Target {
  name: string;
  url: string;
  stop(): Promise<void>;
}

async function timed(request: () => Promise<Response>): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const res = await request();
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status };
}

const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function measure(target: Target, quick: boolean) {
  const rounds = quick ? 8 : 30;
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${target.url}${path}`, { headers });
  const popular: number[] = [];
  for (let i = 0; i < rounds; i++) popular.push((await timed(() => get('/api/policies/6'))).ms);

  // The catalogue after a view: one view, then the client's conditional request.
  const first = await get('/api/policies');
  const etag = first.headers.get('etag') ?? '';
  await first.arrayBuffer();
  const afterView: number[] = [];
  const statuses = new Set<number>();
  for (let i = 0; i < rounds; i++) {
    await (await get(`/api/policies/bench-policy-${(i * 37) % policyCount}`)).arrayBuffer();
    const answer = await timed(() => get('/api/policies', { 'if-none-match': etag }));
    afterView.push(answer.ms);
    statuses.add(answer.status);
  }

  const session = await fetch(`${target.url}/api/auth/login`, json({ email: 'bench-current@example.test', password }));
  const token = ((await session.json()) as { accessToken: string }).accessToken;
  const signInTimes: number[] = [];
  for (let i = 0; i < (quick ? 3 : 6); i++) signInTimes.push((await timed(() => fetch(`${target.url}/api/auth/login`, json({ email: 'bench-current@example.test', password })))).ms);
  const oldSignIn: number[] = [];
  for (let i = 0; i < oldHashUsers; i++) oldSignIn.push((await timed(() => fetch(`${target.url}/api/auth/login`, json({ email: `bench-old-${i}@example.test`, password })))).ms);

  const push: Record<`push${(typeof pushSizes)[number]}`, number> = { push1: 0, push20: 0, push100: 0 };
  const pushCalls: Record<string, string> = {};
  for (const size of pushSizes) {
    const times: number[] = [];
    const calls = new Set<string>();
    for (let p = 0; p < (quick ? 2 : 5); p++) {
      const mutations = Array.from({ length: size }, (_, i) => ({
        mutationId: `bench-${target.name}-${size}-${p}-${i}-${Date.now()}`,
        type: 'application.create',
        payload: applicationBody({ id: '', email: '', name: 'Bench Customer', role: 'user' }, `bench-policy-${(p * size + i) % policyCount}`),
      }));
      const started = performance.now();
      const res = await fetch(`${target.url}/api/sync/push`, { ...json({ mutations }), headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${target.name}: push answered ${res.status}`);
      times.push(performance.now() - started);
      calls.add(res.headers.get(d1CallsHeader) ?? 'not counted');
    }
    push[`push${size}`] = median(times);
    pushCalls[`push${size}`] = [...calls].join(', ');
  }
  return { popular: median(popular), afterView: median(afterView), afterViewStatuses: [...statuses].join(', '), signIn: median(signInTimes), oldSignIn: median(oldSignIn), ...push, pushCalls };
}

async function prepareData(dir: string): Promise<void> {
  const current = await hashPassword(password);
  const old = await Promise.all(Array.from({ length: oldHashUsers }, () => hashPassword(password, previousParameters)));
  fillDatabase(dir, (sqlite) => {
    const policies = benchPolicies(policyCount);
    insertRows(sqlite, 'policies', policies);
    insertRows(sqlite, 'policy_stats', policies.map((policy, i) => ({ policy_id: policy.id, view_count: (i * 7919) % 500, application_count: i % 7 })));
    insertRows(sqlite, 'users', [
      userRow({ email: 'bench-current@example.test', password_hash: current }),
      ...old.map((hash, i) => userRow({ email: `bench-old-${i}@example.test`, password_hash: hash })),
    ]);
  });
}

async function startWorker(dataDir: string, work: string): Promise<Target> {
  const wrangler = join(repoRoot, 'node_modules/.bin/wrangler');
  mkdirSync(join(repoRoot, 'pwa/dist'), { recursive: true });
  execFileSync(wrangler, ['deploy', '--dry-run', '--outdir', join(work, 'build')], { cwd: repoRoot, env: wranglerEnv(), stdio: 'pipe' });
  const persist = join(work, 'state');
  execFileSync(wrangler, ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist], { cwd: repoRoot, env: wranglerEnv(), stdio: 'pipe' });
  // The same rows as Node, moved the way an operator moves them (npm run export-to-d1).
  d1ExecuteScript({ where: 'local', persistTo: persist }, exportNodeInstallation(dataDir, migrationsDir).sql);
  const mf = new Miniflare({
    modules: true,
    // The bundle imports the WebP decoder's .wasm as a compiled module, as wrangler does.
    modulesRules: [{ type: 'CompiledWasm', include: ['**/*.wasm'] }],
    scriptPath: join(work, 'build/worker.js'),
    compatibilityDate: '2025-09-01',
    compatibilityFlags: ['nodejs_compat'],
    d1Databases: { DB: '00000000-0000-0000-0000-000000000000' },
    d1Persist: join(persist, 'v3/d1'),
    r2Buckets: ['IMAGES'],
    r2Persist: join(persist, 'v3/r2'),
    bindings: { JWT_SECRET: benchJwtSecret, APP_ENV: 'production', PASSWORD_HASH_CONCURRENCY: '1', COUNT_D1_CALLS: 'true' },
    host: '127.0.0.1',
    port: 0,
  });
  const url = (await mf.ready).toString().replace(/\/$/, '');
  return { name: 'worker', url, stop: () => mf.dispose() };
}

export async function runWorkerBench(ctx: BenchContext): Promise<BenchOutcome> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-worker-data-'));
  // Inside the repository: workerd resolves the bundle's modules relative to the working directory.
  const work = mkdtempSync(join(repoRoot, 'node_modules/.cache/bench-worker-'));
  try {
    await prepareData(dataDir);
    ctx.log('  data ready; starting the Worker on Miniflare');
    const worker = await startWorker(dataDir, work);
    const workerFigures = await measure(worker, ctx.quick).finally(() => worker.stop());
    ctx.log('  measured the Worker; starting Node');
    const server = await startNodeServer({ env: { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', JWT_SECRET: benchJwtSecret, SEED_DEMO: 'false' }, servePwa: false, quiet: true });
    const nodeFigures = await measure({ name: 'node', url: server.url, stop: () => server.stop() }, ctx.quick).finally(() => server.stop());

    type Figure = Exclude<keyof typeof nodeFigures, 'pushCalls' | 'afterViewStatuses'>;
    const rows: [string, Figure][] = [
      ['GET /api/policies/6 (popular six, indexed)', 'popular'],
      [`GET /api/policies with If-None-Match right after a view (answers: ${workerFigures.afterViewStatuses})`, 'afterView'],
      [`POST /api/auth/login, scrypt N=2^${Math.log2(currentParameters.N)} r=${currentParameters.r} p=${currentParameters.p}`, 'signIn'],
      [`POST /api/auth/login with an older hash (N=2^${Math.log2(previousParameters.N)} p=${previousParameters.p}): verify + rehash`, 'oldSignIn'],
      ...pushSizes.map((size): [string, Figure] => [`POST /api/sync/push of ${size} application.create`, `push${size}`]),
    ];
    const table = markdownTable(
      ['Request', 'Worker (Miniflare, D1)', 'Node (SQLite)'],
      rows.map(([label, key]) => [label, formatMs(workerFigures[key]), formatMs(nodeFigures[key])]),
    );
    const callRows = pushSizes.map((size) => [`POST /api/sync/push of ${size} application.create`, workerFigures.pushCalls[`push${size}`] ?? '', String(pushCallBudget)]);
    const callTable = markdownTable(['Request', 'D1 calls on the Worker (each push)', 'budget (commands/push.ts)'], callRows);
    return {
      goals: rows.map(([label, key]): GoalFigure => ({
        figure: `${label}: Worker / Node (median wall time)`,
        goal: noGoal,
        measured: `${formatMs(workerFigures[key] as number)} / ${formatMs(nodeFigures[key] as number)}`,
        met: null,
        command: 'npm run bench -- worker',
      })).concat(
        pushSizes.map((size) => ({
          figure: `D1 calls of one POST /api/sync/push of ${size} application.create on the Worker`,
          goal: `at most ${pushCallBudget} (the Free plan allows 50 per request)`,
          measured: workerFigures.pushCalls[`push${size}`] ?? '',
          met: (workerFigures.pushCalls[`push${size}`] ?? '').split(', ').every((calls) => Number(calls) <= pushCallBudget),
          command: 'npm run bench -- worker',
        })),
      ),
      details: [
        `${policyCount} policies with usage counts, the same rows on both (moved to D1 with the code of \`npm run export-to-d1\`). ` +
          'Sequential requests from the bench process; wall time per request, median. On Miniflare a D1 call crosses a process ' +
          'boundary, so absolute Worker times are higher than on Cloudflare; what matters is that none grows with the catalogue.',
        table,
        'D1 calls per push request (the session look-up included), counted on the Worker\'s D1 binding. Node runs the same ' +
          'grouped calls, each one SQLite transaction, and has no per-request query limit.',
        callTable,
      ],
      console: [
        ...rows.map(([label, key]) => `${label}: worker ${formatMs(workerFigures[key])}, node ${formatMs(nodeFigures[key])}`),
        ...callRows.map(([label, calls]) => `${label}: ${calls} D1 calls on the Worker (budget ${pushCallBudget})`),
      ],
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  }
}
