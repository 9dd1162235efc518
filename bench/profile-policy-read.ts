/**
 * Where the app's CPU goes on `GET /api/policies/:id` beside bare Hono doing the same work (issue 52,
 * decision 0122): both servers started as the bench starts them, with `node --cpu-prof`, driven by the
 * bench's own load for the same seconds, and each profile's self time per function given in
 * microseconds per request, side by side. Usage: node --import tsx bench/profile-policy-read.ts [seconds]
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchPolicies, fillDatabase, insertRows, insertUser } from './support/data.ts';
import { runLoad, type LoadSpec } from './support/load.ts';
import { startApp, startFloorServer, type AppServer } from './support/processes.ts';
import { monotonicMicros, summarizeProfile, type ProfileWindow } from './support/profile.ts';

const seconds = Number(process.argv[2] ?? 8);
const policyCount = 1000;
const spec: LoadSpec = {
  method: 'GET',
  path: '/api/policies/bench-policy-500',
  vary: () => ({ path: `/api/policies/bench-policy-${1 + Math.floor(Math.random() * policyCount)}` }),
};

async function profiled(start: (nodeArgs: string[]) => Promise<AppServer>, name: string) {
  const dir = mkdtempSync(join(tmpdir(), 'profile-read-'));
  const server = await start(['--cpu-prof', `--cpu-prof-dir=${dir}`, '--cpu-prof-interval=50']);
  let window: ProfileWindow;
  let requests: number;
  try {
    await runLoad(server.url, spec, 3);
    const fromMicros = monotonicMicros();
    requests = (await runLoad(server.url, spec, seconds)).total;
    window = { fromMicros, toMicros: monotonicMicros() };
  } finally {
    await server.dispose();
  }
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error(`no profile for ${name}`);
  const summary = summarizeProfile(JSON.parse(readFileSync(join(dir, file), 'utf8')), 45, window);
  if (process.env.PROFILE_KEEP) cpSync(join(dir, file), join(process.env.PROFILE_KEEP, `${name}.cpuprofile`));
  rmSync(dir, { recursive: true, force: true });
  const perRequest = (share: number) => ((share * summary.busyMs * 1000) / requests).toFixed(2).padStart(7);
  console.log(`\n== ${name}: ${requests} requests, ${((summary.busyMs * 1000) / requests).toFixed(1)} µs busy per request`);
  console.log('-- areas (µs/request)');
  for (const a of summary.areas) console.log(`${perRequest(a.share)}  ${a.name}`);
  console.log('-- functions (µs/request)');
  for (const f of summary.functions) console.log(`${perRequest(f.share)}  ${f.name}`);
}

const seedDir = mkdtempSync(join(tmpdir(), 'profile-read-seed-'));
const app = await startApp({
  prepare: (dataDir) =>
    fillDatabase(dataDir, (sqlite) => {
      insertRows(sqlite, 'policies', benchPolicies(policyCount));
      insertUser(sqlite, 'user', 'Bench Applicant');
    }),
});
// The started app's data (schema and rows) is the copy both profiled servers start from, as in the bench.
cpSync(app.dataDir, seedDir, { recursive: true });
await app.dispose();
const copy = () => {
  const dir = mkdtempSync(join(tmpdir(), 'profile-read-data-'));
  cpSync(seedDir, dir, { recursive: true });
  return dir;
};
const which = process.env.PROFILE_WHICH ?? 'app,hono';
if (which.includes('app')) {
  await profiled(async (nodeArgs) => {
    const dataDir = copy();
    return startApp({ nodeArgs, prepare: (fresh) => cpSync(dataDir, fresh, { recursive: true }) });
  }, 'app');
}
if (which.includes('hono')) await profiled((nodeArgs) => startFloorServer(copy(), { nodeArgs, env: { FLOOR_HTTP: 'hono' } }), 'bare Hono');
rmSync(seedDir, { recursive: true, force: true });
