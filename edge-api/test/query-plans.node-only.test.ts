import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeServer } from '../src/node/node.ts';
import { assign, call, insertPolicy, apply } from './support/calls.ts';
import { newLogFile } from './support/logs.ts';
import { testJwtSecret, type ApiTarget, nodeTarget } from './support/target.ts';
import { createTestUser, type TestUser } from './support/users.ts';

// Node only: SQLite's query planner is what answers here (D1 runs SQLite too, but its plans are
// not readable from a Worker test). The queries are the ones the server really runs: every
// statement it prepares while answering the hot-path calls is recorded with its parameters, and
// its EXPLAIN QUERY PLAN must not scan the whole applications or payments table.

interface Recorded {
  sql: string;
  params: unknown[];
}

let server: Awaited<ReturnType<typeof startNodeServer>>;
let api: ApiTarget;
let dataDir: string;
let customer: TestUser;
let agent: TestUser;
let recorded: Recorded[] = [];

/** Records each statement the server prepares, and the parameters of each read it runs. */
function recordStatements(sqlite: SQLite.Database) {
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => {
    const statement = prepare(source);
    for (const method of ['all', 'get', 'iterate'] as const) {
      const original = statement[method].bind(statement) as (...params: unknown[]) => unknown;
      (statement as unknown as Record<string, unknown>)[method] = (...params: unknown[]) => {
        recorded.push({ sql: source, params });
        return original(...params);
      };
    }
    return statement;
  }) as typeof sqlite.prepare;
}

function planOf({ sql, params }: Recorded): string[] {
  const rows = server.sqlite.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...params) as { detail: string }[];
  return rows.map((row) => row.detail);
}

/** The plans of the reads over applications or payments that `request` made the server run. */
async function plansDuring(request: () => Promise<{ status: number }>) {
  recorded = [];
  const answer = await request();
  expect(answer.status).toBe(200);
  const reads = recorded.filter((r) => /\bfrom\s+"?(applications|payments)"?/i.test(r.sql));
  expect(reads.length).toBeGreaterThan(0);
  return reads.map((read) => ({ sql: read.sql, plan: planOf(read) }));
}

/** A scan of the table, or a version range alone: on a first pull (since 0) that is every row too. */
const fullScans = (plans: { plan: string[] }[]) =>
  plans.flatMap((p) =>
    p.plan.filter(
      (line) => /^SCAN (applications|payments)\b/.test(line) || /^SEARCH applications USING (COVERING )?INDEX applications_version\b/.test(line),
    ),
  );

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'query-plans-'));
  server = await startNodeServer({
    env: { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', JWT_SECRET: testJwtSecret, LOG_FILE: newLogFile('node'), SEED_DEMO: 'false' },
    servePwa: false,
    quiet: true,
  });
  api = nodeTarget(server);
  customer = await createTestUser(api, 'user');
  agent = await createTestUser(api, 'agent');
  const admin = await createTestUser(api, 'admin');
  const other = await createTestUser(api, 'user');
  const policy = await insertPolicy(api);
  for (const user of [customer, other, customer, other]) {
    const id = await apply(api, user, policy.id);
    await assign(api, admin, id, agent);
  }
  recordStatements(server.sqlite);
});

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the query plans of the hot paths', () => {
  it("finds a customer's own applications by index", async () => {
    const plans = await plansDuring(() => call(api, 'GET', '/api/applications', customer));
    expect(fullScans(plans), JSON.stringify(plans, null, 2)).toEqual([]);
    expect(plans.flatMap((p) => p.plan).join('\n')).toMatch(/applications_user_id/);
  });

  it("finds an agent's assigned applications by index, the whole list and a page of it", async () => {
    const plans = await plansDuring(() => call(api, 'GET', `/api/applications/assigned/${agent.email}`, agent));
    expect(fullScans(plans), JSON.stringify(plans, null, 2)).toEqual([]);
    const page = await plansDuring(() => call(api, 'GET', `/api/applications/assigned/${agent.email}/search?status=open&q=a`, agent));
    expect(fullScans(page), JSON.stringify(page, null, 2)).toEqual([]);
  });

  it("pulls a customer's and an agent's changes by index, first and later pulls", async () => {
    for (const user of [customer, agent]) {
      const first = await plansDuring(() => call(api, 'GET', '/api/sync?since=0', user));
      expect(fullScans(first), JSON.stringify(first, null, 2)).toEqual([]);
      // A later pull also reads the tombstones, with a sub-query over applications for agents.
      // (The cursor of a real pull: an agent's names the week it was taken in.)
      const [version, ...scope] = String((await call(api, 'GET', '/api/sync?since=0', user)).body.cursor).split('.');
      expect(Number(version)).toBeGreaterThan(1);
      const later = await plansDuring(() => call(api, 'GET', `/api/sync?since=${['1', ...scope].join('.')}`, user));
      expect(fullScans(later), JSON.stringify(later, null, 2)).toEqual([]);
    }
  });
});
