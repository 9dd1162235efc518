/**
 * In-process: the app's fetch (as the Node server calls it, page server in front) against a bare Hono
 * app doing the same work in one handler, for GET /api/policies/:id, no HTTP. What differs is only
 * what the app adds beyond bare Hono. Logs go to /dev/null. Usage: node --import tsx bench/micro-policy-read.ts [requests per round]
 * (MICRO_API_ONLY=1: without the page server in front; MICRO_BARE_TRIE=1, MICRO_BARE_MW=1: bare Hono on the TrieRouter, with
 * one async use() layer; MICRO_ONLY=app|bare: one of them, for a CPU profile; MICRO_AGAINST=<path>: see below)
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { Hono } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import { createApp } from '../edge-api/src/app.ts';
import { sessionUserOf } from '../edge-api/src/auth/session.ts';
import { enforceRule } from '../edge-api/src/auth/access.ts';
import { accessTable } from '../edge-api/src/auth/access-table.ts';
import { popularityOf } from '../edge-api/src/db/policies.ts';
import { policyAnswer } from '../edge-api/src/db/policy-answers.ts';
import { requestIdOf } from '../edge-api/src/http/request-id.ts';
import { writeRequestLine } from '../edge-api/src/http/request-log.ts';
import { apiSecurityHeaderObject } from '../edge-api/src/http/security.ts';
import { idParam } from '../edge-api/src/schemas/params.ts';
import { createViewCounter, writeViews } from '../edge-api/src/lib/view-counter.ts';
import { nodeClientAddress } from '../edge-api/src/node/client-address-node.ts';
import { withStaticPwa } from '../edge-api/src/node/static-pwa.ts';
import { benchPolicies, fillDatabase, insertRows } from './support/data.ts';
import { nodeAppParts } from './support/node-app-parts.ts';
import { pwaDist } from './support/processes.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'micro-read-'));
fillDatabase(dataDir, (sqlite) => insertRows(sqlite, 'policies', benchPolicies(1000)));
const env = { ...process.env, LOG_FILE: '/dev/null', DATA_DIR: dataDir, JWT_SECRET: process.env.JWT_SECRET ?? 'micro-secret-0123456789-abcdefghijklmnopqrstuv', SQLITE_SYNCHRONOUS: 'NORMAL' };
const { config, ops, database, deps: parts } = nodeAppParts(env, dataDir);
const views = createViewCounter(writeViews(database.db), { limit: 1e12, windowMs: 1 } as never, config.viewCounting, () => Date.now());
const deps = { ...parts, clientAddress: nodeClientAddress(false), views, ops: ops.hooks } as unknown as Parameters<typeof createApp>[0];
getRequestListener(() => new Response('')); // the adapter's Request and Response, as on the server
const api = createApp(deps);
const appFetch = process.env.MICRO_API_ONLY ? (r: Request, e: unknown) => api.fetch(r, e as never) : withStaticPwa(api, pwaDist).fetch;

const encoder = new TextEncoder();
type Env = { Bindings: { incoming: { socket: { remoteAddress: string } } } };
const bareBase = new Hono<Env>(process.env.MICRO_BARE_TRIE ? { router: new TrieRouter() } : {});
if (process.env.MICRO_BARE_MW) bareBase.use(async (c, next) => { await next(); });
const bare = bareBase.get('/api/policies/:id', async (c) => {
  const started = performance.now();
  const reqId = requestIdOf(c.req.header('x-request-id'));
  const authorization = c.req.header('authorization');
  const user = authorization ? await sessionUserOf(deps, authorization) : null;
  enforceRule(accessTable['GET /policies/:id'], user);
  const parsed = idParam.safeParse({ id: c.req.param('id') });
  if (!parsed.success) throw new Error('bad id');
  const answer = await policyAnswer(deps.db, parsed.data.id);
  if (!answer) throw new Error('no policy');
  views.count(parsed.data.id, c.env.incoming.socket.remoteAddress);
  const body = encoder.encode(answer.before + popularityOf(answer.viewCount + views.unwritten(parsed.data.id), answer.applicationCount) + answer.after);
  const headers = apiSecurityHeaderObject();
  headers['x-request-id'] = reqId;
  headers['content-type'] = 'application/json';
  headers['cache-control'] = 'public, max-age=0, must-revalidate';
  headers['content-length'] = String(body.byteLength);
  writeRequestLine(ops.hooks, { reqId, method: 'GET', route: '/api/policies/:id', status: 200, started }, user, undefined);
  return new Response(body, { status: 200, headers });
});

const incoming = { socket: { remoteAddress: '127.0.0.1', remotePort: 5000, remoteFamily: 'IPv4' } };
const bindings = { incoming, outgoing: {} };
const requests = Array.from({ length: 1000 }, (_, i) => `http://127.0.0.1/api/policies/bench-policy-${i + 1}`);
async function time(name: string, fetch: (r: Request, e: unknown) => Response | Promise<Response>, n: number) {
  const start = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const res = await fetch(new Request(requests[i % 1000]!), bindings);
    if (res.status !== 200) throw new Error(`${name}: ${res.status}`);
  }
  const used = process.cpuUsage(start);
  return (used.user + used.system) / n;
}
const n = Number(process.argv[2] ?? 30000);
const only = process.env.MICRO_ONLY;
if (only) {
  const one = only === 'app' ? appFetch : (r: Request, e: unknown) => bare.fetch(r, e as never);
  await time(only, one, 5000);
  console.error(`${only} ${(await time(only, one, n)).toFixed(1)} µs`);
  setTimeout(() => process.exit(0), 200);
} else {
// MICRO_AGAINST=<a copy of app.ts>: that app in bare Hono's place, to measure a change to the app itself.
const against = process.env.MICRO_AGAINST;
if (against) {
  const { createApp: createOrig } = (await import(against)) as { createApp: typeof createApp };
  const orig = createOrig(deps);
  (bare as { fetch: unknown }).fetch = (r: Request, e: unknown) => orig.fetch(r, e as never);
}
await time('app', appFetch, 5000);
await time('bare', (r, e) => bare.fetch(r, e as never), 5000);
const results: { app: number; bare: number }[] = [];
for (let round = 0; round < Number(process.env.MICRO_ROUNDS ?? 30); round++) {
  const app = await time('app', appFetch, n);
  const b = await time('bare', (r, e) => bare.fetch(r, e as never), n);
  results.push({ app, bare: b });
}
const med = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const app = med(results.map((r) => r.app));
const b = med(results.map((r) => r.bare));
const ratio = med(results.map((r) => r.app / r.bare));
console.error(`app ${app.toFixed(1)} µs, bare Hono ${b.toFixed(1)} µs, app − bare ${(app - b).toFixed(1)} µs, app ÷ bare (median of rounds) ${ratio.toFixed(3)}`);
setTimeout(() => process.exit(0), 200);
}
