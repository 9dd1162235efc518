/**
 * One API under test, on the runtime named by API_TARGET: the Node server over a fresh
 * SQLite file, or the Worker bundle on Miniflare (workerd) over a fresh D1 and R2.
 * Tests talk to it over real HTTP and may read or prepare the database with `sql`.
 */
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Miniflare } from 'miniflare';
import { inject } from 'vitest';
import { housekeeping } from '../../src/lib/housekeeping.ts';
import { startNodeServer } from '../../src/node/node.ts';
import { appendTo, newLogFile } from './logs.ts';
import { d1TemplateDir, repoRoot, workerBuildDir } from './worker-build.ts';

export type Runtime = 'node' | 'worker';
export const runtime: Runtime = process.env.API_TARGET === 'worker' ? 'worker' : 'node';

export const testJwtSecret = 'test-secret-for-signing-access-tokens-0123456789';

export interface ApiTarget {
  runtime: Runtime;
  url: string;
  /** fetch against the API; a path like '/api/policies' is resolved against its URL. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  sql<Row = Record<string, unknown>>(query: string, ...params: unknown[]): Promise<Row[]>;
  /** The server's JSON log lines (logs.ts), scanned for secrets after the run (log-scan.ts); unset: stdout. */
  logFile?: string;
  /** The Worker's cron trigger (`scheduled`); on Node the same work runs on timers. */
  scheduled?(cron: string): Promise<void>;
  /** One run of the housekeeping (lib/housekeeping.ts): the hourly cron on the Worker, its timer's work on Node. */
  housekeeping(): Promise<void>;
  /** Deletes a file from the image store (files under DATA_DIR on Node, R2 on the Worker), as if it had never been stored. */
  deleteStoredImage(name: string): Promise<void>;
  /** Whether the image store holds a file of this name. */
  hasStoredImage(name: string): Promise<boolean>;
  /** Puts a file in the image store directly, as an older server may have left it. */
  putStoredImage(name: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /**
   * Stops the server and starts it again over the same database, on the same address, with
   * `env` over its settings: a restart (a new process, a new isolate), e.g. with the app's clock
   * moved (APP_CLOCK_AT). Only from startApi.
   */
  restart?(env?: Record<string, string>): Promise<void>;
  stop(): Promise<void>;
}

/** Per-client limits high enough that only the tests of those limits meet them. */
export const testLimits: Record<string, string> = {
  LOGIN_CLIENT_FREE_ATTEMPTS: '100000',
  RATE_LIMIT_REGISTER: '100000/60',
  RATE_LIMIT_SIGN_IN: '100000/60',
  RATE_LIMIT_SUBSCRIBE: '100000/60',
  RATE_LIMIT_SUPPORT: '100000/60',
  RATE_LIMIT_UPLOADS: '100000/60',
  RATE_LIMIT_VIEWS: '100000/60',
  RATE_LIMIT_APPLICATIONS: '100000/60',
  RATE_LIMIT_DOCUMENT_UPLOADS: '100000/60',
  RATE_LIMIT_DOCUMENT_UPLOADS_PER_ADDRESS: '100000/60',
  // Issue 50: codes and reset links asked for and tried from one address (per number stays as it is).
  RATE_LIMIT_CODES_PER_ADDRESS: '100000/60',
  RATE_LIMIT_CODE_CHECKS: '100000/60',
  APPLICATIONS_OPEN_PER_POLICY: '100000',
  // Parallel sign-ins in tests must not be shed on a slow, shared machine (faults.node-only tests it).
  PASSWORD_HASH_MAX_WAIT_MS: '600000',
  // Every test talks from one address; slow-clients.node-only tests the fair share.
  OVERLOAD_MAX_PER_CLIENT: '100000',
};

const d1Id = '00000000-0000-0000-0000-000000000000';
/** wrangler.toml's hourly cron, the one that runs the housekeeping (worker.ts). */
const hourlyCron = '17 * * * *';

export interface StartOptions {
  /**
   * A built app's folder to serve beside the API, as each runtime serves one: Node's own static
   * server (PWA_DIST_DIR), the Worker's static assets with wrangler.toml's `run_worker_first` and
   * single-page-application fallback. For tests of the page answers themselves.
   */
  pwaDir?: string;
}

export async function startApi(env: Record<string, string> = {}, options: StartOptions = {}): Promise<ApiTarget> {
  const fullEnv: Record<string, string> = {
    JWT_SECRET: testJwtSecret,
    SEED_DEMO: 'false',
    // Every test talks from 127.0.0.1: per-client limits would make unrelated tests wait on each
    // other. Tests of the limits themselves pass their own (lower) values.
    ...testLimits,
    ...env,
  };
  const target =
    runtime === 'worker'
      ? await startWorker(fullEnv, options.pwaDir)
      : await startNode(options.pwaDir ? { ...fullEnv, PWA_DIST_DIR: options.pwaDir } : fullEnv, options.pwaDir !== undefined);
  return {
    ...target,
    fetch: (path, init) => fetch(new URL(path, target.url), runtime === 'worker' ? oneConnectionEach(init) : init),
  };
}

/**
 * Each request to workerd on its own connection, as Miniflare's own dispatchFetch does ("avoid
 * keep-alive race conditions"): on a loaded machine workerd may close a kept-alive connection
 * just as the next request is written to it, and that request fails with 'other side closed'
 * although the Worker never saw it. The Node server announces its keep-alive timeout, which
 * the client honours, so it needs none of this.
 */
function oneConnectionEach(init: RequestInit = {}): RequestInit {
  const headers = new Headers(init.headers);
  headers.set('connection', 'close');
  return { ...init, headers };
}

async function startNode(env: Record<string, string>, servePwa = false): Promise<Omit<ApiTarget, 'fetch'>> {
  const fresh = await startNodeOnFreshData(env, { servePwa });
  let api = fresh.api;
  let settings = env;
  return {
    runtime: 'node',
    url: api.url,
    logFile: api.logFile,
    sql: (query, ...params) => api.sql(query, ...params),
    housekeeping: () => api.housekeeping(),
    deleteStoredImage: (name) => api.deleteStoredImage(name),
    hasStoredImage: (name) => api.hasStoredImage(name),
    putStoredImage: (name, bytes, contentType) => api.putStoredImage(name, bytes, contentType),
    async restart(overrides = {}) {
      await api.stop();
      settings = { ...settings, ...overrides };
      const port = new URL(api.url).port;
      const server = await startNodeServer({
        env: { DATA_DIR: fresh.dataDir, HOST: '127.0.0.1', JWT_SECRET: testJwtSecret, SEED_DEMO: 'false', LOG_FILE: api.logFile ?? newLogFile('node'), ...testLimits, ...settings, PORT: port },
        servePwa,
        quiet: true,
      });
      api = nodeTarget(server);
    },
    async stop() {
      await api.stop().catch(() => {});
      rmSync(fresh.dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A Node server on a data folder of its own with the tests' settings, for Node-only tests that
 * need the server or its folder themselves (a fault to inject, raw sockets), or the PWA's wrapper in
 * front of the API (`servePwa`; PWA_DIST_DIR names the build, none needed). `stop` removes the folder.
 */
export async function startNodeOnFreshData(env: Record<string, string> = {}, options: { servePwa?: boolean } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'api-node-'));
  const server = await startNodeServer({
    env: { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', JWT_SECRET: testJwtSecret, SEED_DEMO: 'false', LOG_FILE: newLogFile('node'), ...testLimits, ...env },
    // With the PWA's wrapper the API's answers are compressed as a browser gets them (static-pwa.ts).
    servePwa: options.servePwa ?? false,
    quiet: true,
  });
  return {
    server,
    dataDir,
    api: nodeTarget(server),
    async stop() {
      await server.stop().catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A Node server started by a test itself (a fault to inject, statements to record), as an ApiTarget. */
export function nodeTarget(server: Awaited<ReturnType<typeof startNodeServer>>): ApiTarget {
  return {
    runtime: 'node',
    url: server.url,
    logFile: server.logFile,
    fetch: (path, init) => fetch(new URL(path, server.url), init),
    async sql<Row>(query: string, ...params: unknown[]) {
      const statement = server.sqlite.prepare(query);
      if (statement.reader) return statement.all(...params) as Row[];
      statement.run(...params);
      return [];
    },
    housekeeping: () => housekeeping(server.deps),
    deleteStoredImage: (name) => server.deps.images.delete(name),
    hasStoredImage: async (name) => (await server.deps.images.get(name)) !== null,
    putStoredImage: (name, bytes, contentType) => server.deps.images.put(name, bytes, contentType),
    stop: () => server.stop(),
  };
}

/** wrangler.toml's [assets] as `wrangler dev` hands them to Miniflare: the addresses the Worker answers first, else the files, else index.html. */
function assetsOf(directory: string) {
  const toml = readFileSync(join(repoRoot, 'wrangler.toml'), 'utf8');
  const runWorkerFirst = JSON.parse(/^run_worker_first\s*=\s*(\[.*\])\s*$/m.exec(toml)?.[1] ?? '[]') as string[];
  return {
    directory,
    binding: 'ASSETS',
    routerConfig: { has_user_worker: true, static_routing: { user_worker: runWorkerFirst } },
    assetConfig: { not_found_handling: 'single-page-application' as const },
  };
}

/**
 * How a test reaches the Worker's D1 and R2 on Miniflare: a second, small Worker bound to the same
 * database and bucket, answering on a host of its own, called with Miniflare's `dispatchFetch`
 * (a new connection per request, as any request of the app's). Not Miniflare's binding proxies
 * (`getD1Database`, `getR2Bucket`, `getWorker`): each of their property reads and calls is a
 * blocking request from a helper thread over one kept-alive connection, and on a loaded machine
 * one of those failed and left every later read of the file's database failing with it
 * (issue 47; docs/decisions/0101).
 */
const testAccessHost = 'test-access.invalid';
const testAccessWorker = /* js */ `
export default {
  async fetch(request, env) {
    if (request.headers.get('x-test-access') !== env.TEST_ACCESS_KEY) return new Response('Not the test', { status: 403 });
    const url = new URL(request.url);
    const name = url.searchParams.get('name');
    try {
      if (url.pathname === '/sql') {
        const { query, params } = await request.json();
        const { results } = await env.DB.prepare(query).bind(...params).all();
        return Response.json(results);
      }
      if (url.pathname === '/images/has') return Response.json((await env.IMAGES.head(name)) !== null);
      if (url.pathname === '/images/delete') {
        await env.IMAGES.delete(name);
        return Response.json(true);
      }
      if (url.pathname === '/images/put') {
        await env.IMAGES.put(name, await request.arrayBuffer(), { httpMetadata: { contentType: request.headers.get('content-type') } });
        return Response.json(true);
      }
      return new Response('No such test access', { status: 404 });
    } catch (error) {
      return Response.json({ error: String(error?.message ?? error) }, { status: 500 });
    }
  },
};`;

async function startWorker(env: Record<string, string>, pwaDir?: string): Promise<Omit<ApiTarget, 'fetch'>> {
  const dir = mkdtempSync(join(tmpdir(), 'api-worker-'));
  const workerTestDir = inject('workerTestDir');
  cpSync(d1TemplateDir(workerTestDir), dir, { recursive: true });
  const logFile = newLogFile('worker');
  const testAccessKey = randomUUID();
  const compatibilityDate = '2025-09-01';
  const stores = { d1Databases: { DB: d1Id }, r2Buckets: ['IMAGES'] };
  const optionsWith = (bindings: Record<string, string>, port: number) => ({
    d1Persist: join(dir, 'v3/d1'),
    r2Persist: join(dir, 'v3/r2'),
    handleStructuredLogs: appendTo(logFile),
    // The cron trigger as an HTTP request (/cdn-cgi/handler/scheduled), not through a binding proxy.
    unsafeTriggerHandlers: true,
    host: '127.0.0.1',
    port,
    workers: [
      {
        // First: every request that names no other route's host reaches the app.
        name: 'api',
        modules: true,
        // The bundle imports the WebP decoder's .wasm as a compiled module, as wrangler does.
        modulesRules: [{ type: 'CompiledWasm', include: ['**/*.wasm'] }],
        scriptPath: join(workerBuildDir(workerTestDir), 'worker.js'),
        compatibilityDate,
        compatibilityFlags: ['nodejs_compat'],
        ...stores,
        bindings,
        ...(pwaDir ? { assets: assetsOf(pwaDir) } : {}),
      },
      {
        name: 'test-access',
        modules: true,
        script: testAccessWorker,
        compatibilityDate,
        routes: [`${testAccessHost}/*`],
        ...stores,
        bindings: { TEST_ACCESS_KEY: testAccessKey },
      },
    ],
  });
  let settings = env;
  const mf = new Miniflare(optionsWith(settings, 0));
  const url = (await mf.ready).toString().replace(/\/$/, '');
  async function testAccess<T>(path: string, init: { body?: string | Uint8Array; contentType?: string } = {}): Promise<T> {
    const res = await mf.dispatchFetch(`http://${testAccessHost}${path}`, {
      method: 'POST',
      headers: { 'x-test-access': testAccessKey, 'content-type': init.contentType ?? 'application/json' },
      body: init.body,
    });
    const answer = (await res.json()) as T | { error: string };
    if (res.status !== 200) throw new Error(`test access ${path}: ${(answer as { error: string }).error ?? res.status}`);
    return answer as T;
  }
  async function cron(pattern: string) {
    const res = await mf.dispatchFetch(`http://localhost/cdn-cgi/handler/scheduled?cron=${encodeURIComponent(pattern)}`);
    const outcome = await res.text();
    if (res.status !== 200) throw new Error(`The Worker's scheduled handler (${pattern}) ended with: ${outcome}`);
  }
  const named = (name: string) => `?name=${encodeURIComponent(name)}`;
  return {
    runtime: 'worker',
    url,
    logFile,
    sql: <Row>(query: string, ...params: unknown[]) => testAccess<Row[]>('/sql', { body: JSON.stringify({ query, params }) }),
    scheduled: cron,
    housekeeping: () => cron(hourlyCron),
    // workerd itself is restarted over the same D1 and R2 files (the persist folders).
    async restart(overrides = {}) {
      settings = { ...settings, ...overrides };
      await mf.setOptions(optionsWith(settings, Number(new URL(url).port)));
      await mf.ready;
    },
    async deleteStoredImage(name) {
      await testAccess('/images/delete' + named(name));
    },
    hasStoredImage: (name) => testAccess<boolean>('/images/has' + named(name)),
    async putStoredImage(name, bytes, contentType) {
      await testAccess('/images/put' + named(name), { body: bytes, contentType });
    },
    async stop() {
      await mf.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
