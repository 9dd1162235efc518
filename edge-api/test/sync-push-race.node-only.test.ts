/**
 * Two pushes of the same mutations, both past their look-ups before either writes: grouped into
 * one call each, the second push's call fails on the idempotency records the first committed
 * (docs/decisions/0055-push-query-budget.md). Each of its mutations then finds its id recorded
 * and answers as the duplicate of the first push's, as the one-by-one push did, with no call
 * per mutation. Made to happen every time with a gated batch runner (Node only; the SQL is the
 * same one D1 runs).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyPush } from '../src/commands/push.ts';
import type { BatchRunner } from '../src/db/batch.ts';
import { migrate } from '../src/node/migrate.ts';
import { createNodeDatabase, type NodeDatabase } from '../src/node/sqlite-node.ts';
import type { SessionUser } from '../src/http/env.ts';
import { readConfig } from '../src/http/config.ts';
import { testJwtSecret, testLimits } from './support/target.ts';
import { migrationsDir } from '../src/node/node.ts';
import { unconfiguredPaymentProvider } from '../src/payments/provider.ts';
import { policyRow, userRow } from '../src/seed/factories.ts';
import { applicationBody } from './support/calls.ts';

let dir: string;
let database: NodeDatabase;
let writeCalls = 0;
let held: Gate | null = null;

interface Gate {
  arrived: number;
  release(): void;
  opened: Promise<void>;
  /** The call that commits first (the other waits for it); without one, both go at once. */
  first?: (queries: readonly { parameters: readonly unknown[] }[]) => boolean;
  firstDone: Promise<void>;
  markFirstDone(): void;
}

function hold(first?: Gate['first']): void {
  let release = () => {};
  let markFirstDone = () => {};
  const opened = new Promise<void>((resolve) => (release = resolve));
  const firstDone = new Promise<void>((resolve) => (markFirstDone = resolve));
  held = { arrived: 0, release, opened, first, firstDone, markFirstDone };
}

/** Holds calls that write applications until two have arrived (one from each push), then lets them go. */
const gatedBatch: BatchRunner = async (queries) => {
  const writes = queries.some((query) => /insert into "applications"/i.test(query.sql));
  if (writes) writeCalls += 1;
  const gate = held;
  if (!writes || !gate) return database.batch(queries);
  gate.arrived += 1;
  if (gate.arrived === 2) {
    held = null;
    gate.release();
  }
  await gate.opened;
  if (!gate.first) return database.batch(queries);
  if (gate.first(queries)) {
    try {
      return await database.batch(queries);
    } finally {
      gate.markFirstDone();
    }
  }
  await gate.firstDone;
  return database.batch(queries);
};

const customer: SessionUser = { id: 'push-race-customer', email: 'push-race@race.test', name: 'Race', role: 'user', photoUrl: null };
// The test harness's limits: these pushes apply for one policy many times as one person.
const testConfig = readConfig({ JWT_SECRET: testJwtSecret, ...testLimits });
const deps = () => ({ db: database.db, batch: gatedBatch, clock: () => new Date(), payments: unconfiguredPaymentProvider, config: testConfig });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'push-race-'));
  database = createNodeDatabase(join(dir, 'race.sqlite'));
  migrate(database.sqlite, migrationsDir);
  await database.db.insertInto('users').values(userRow({ id: customer.id, email: customer.email })).execute();
  await database.db.insertInto('policies').values(policyRow({ id: 'push-race-policy' })).execute();
});
afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('two pushes of the same mutations at once', () => {
  it('make each effect once; every mutation answers applied in one push and duplicate in the other', async () => {
    const mutations = Array.from({ length: 16 }, (_, i) => ({
      mutationId: `push-race-${i}`,
      type: 'application.create',
      payload: applicationBody('push-race-policy', { name: `Race ${i}` }),
    }));
    hold();
    writeCalls = 0;
    const [a, b] = await Promise.all([applyPush(deps(), customer, { mutations }), applyPush(deps(), customer, { mutations })]);

    for (let i = 0; i < mutations.length; i++) {
      expect([a[i]?.result, b[i]?.result].sort(), `mutation ${i}`).toEqual(['applied', 'duplicate']);
      expect(a[i]?.body).toEqual(b[i]?.body);
    }
    const count = (sql: string) => (database.sqlite.prepare(sql).get() as { n: number }).n;
    expect(count('SELECT count(*) AS n FROM applications')).toBe(16);
    expect(count(`SELECT count(*) AS n FROM audit_log WHERE action = 'application.create'`)).toBe(16);
    // One write call per push: the losing one is not retried piece by piece.
    expect(writeCalls).toBe(2);
  });

  it('runs again the mutations of a failed call whose ids nobody recorded: the push still applies them', async () => {
    // Another push of the first 4 wins the race; this push also carries 4 mutations of its own.
    const shared = Array.from({ length: 4 }, (_, i) => ({ mutationId: `push-race-shared-${i}`, type: 'application.create', payload: applicationBody('push-race-policy') }));
    const own = Array.from({ length: 4 }, (_, i) => ({ mutationId: `push-race-own-${i}`, type: 'application.create', payload: applicationBody('push-race-policy') }));
    // The push of the shared ones commits first, so the other's call fails on their records.
    hold((queries) => !queries.some((query) => query.parameters.some((value) => String(value).startsWith('push-race-own-'))));
    writeCalls = 0;
    const [first, second] = await Promise.all([
      applyPush(deps(), customer, { mutations: shared }),
      applyPush(deps(), customer, { mutations: [...shared, ...own] }),
    ]);
    expect(first.map((answer) => answer.result)).toEqual(['applied', 'applied', 'applied', 'applied']);
    expect(second.map((answer) => answer.result)).toEqual([...Array(4).fill('duplicate'), ...Array(4).fill('applied')]);
    expect(second.slice(0, 4).map((answer) => answer.body)).toEqual(first.map((answer) => answer.body));
    // Each push's call, then the failed one's own mutations once more, in one call.
    expect(writeCalls).toBe(3);
    const count = (sql: string) => (database.sqlite.prepare(sql).get() as { n: number }).n;
    expect(count(`SELECT count(*) AS n FROM processed_mutations WHERE mutation_id LIKE 'push-race-own-%' OR mutation_id LIKE 'push-race-shared-%'`)).toBe(8);
  });
});
