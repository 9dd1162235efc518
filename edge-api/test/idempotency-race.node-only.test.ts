/**
 * The races behind idempotency and decisions, made to happen every time: both requests are held
 * between their look-ups and their batch, then let go together. Over HTTP the server usually
 * finishes one request before the next arrives, so this needs the commands called in-process
 * with a gated batch runner: Node only (the SQL is the same one D1 runs).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyForPolicy, assignAgent, decideApplication, rejectApplication } from '../src/commands/applications.ts';
import type { BatchRunner } from '../src/db/batch.ts';
import { migrate } from '../src/node/migrate.ts';
import { createNodeDatabase, type NodeDatabase } from '../src/node/sqlite-node.ts';
import type { SessionUser } from '../src/http/env.ts';
import { defaultApplicationLimits } from '../src/http/config.ts';
import { migrationsDir } from '../src/node/node.ts';
import { policyRow, userRow } from '../src/seed/factories.ts';
import { unconfiguredPaymentProvider } from '../src/payments/provider.ts';
import type { ApplicationInput } from '../src/schemas/application.ts';

let dir: string;
let database: NodeDatabase;
let gate: { waiting: number; expected: number; release: () => void; opened: Promise<void> } | null = null;

/** Runs batches normally, except while a gate is set: then each waits until all expected have arrived. */
const gatedBatch: BatchRunner = async (queries) => {
  if (gate) {
    const current = gate;
    current.waiting += 1;
    if (current.waiting === current.expected) current.release();
    await current.opened;
  }
  return database.batch(queries);
};

function holdBatches(expected: number) {
  let release = () => {};
  const opened = new Promise<void>((resolve) => (release = resolve));
  gate = { waiting: 0, expected, release, opened };
}

const deps = () => ({ db: database.db, batch: gatedBatch, clock: () => new Date(), payments: unconfiguredPaymentProvider, config: defaultApplicationLimits });
const person = (role: SessionUser['role'], id: string): SessionUser => ({ id, email: `${id}@race.test`, name: id, role, photoUrl: null });
const admin = person('admin', 'race-admin');
const agent = person('agent', 'race-agent');
const customer = person('user', 'race-customer');
const policy = policyRow({ id: 'race-policy' });
const input: ApplicationInput = {
  name: 'Race',
  address: 'Somewhere',
  nid: '1990123456789',
  dateOfBirth: '1990-01-15',
  quote: null,
  phone: null,
  nomineeName: 'N',
  nomineeNid: '1987654321',
  relationship: 'Sibling',
  healthConditions: [],
  estimatedPremium: null,
  policyId: 'race-policy',
  premiumMode: 'monthly',
};

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'idempotency-race-'));
  database = createNodeDatabase(join(dir, 'race.sqlite'));
  migrate(database.sqlite, migrationsDir);
  for (const user of [admin, agent, customer]) {
    await database.db.insertInto('users').values(userRow({ id: user.id, email: user.email, role: user.role })).execute();
  }
  await database.db.insertInto('policies').values(policy).execute();
});
afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

const count = async (sql: string, ...params: unknown[]) =>
  (database.sqlite.prepare(sql).get(...params) as { n: number }).n;

/** The customer's application, assigned to the agent (no race yet): its id. */
async function assignedApplication() {
  const created = await applyForPolicy(deps(), customer, input);
  if (!created.ok) throw new Error('apply failed');
  await assignAgent(deps(), admin, created.body.insertedId, { agentEmail: agent.email });
  return created.body.insertedId;
}

describe('races', () => {
  it('two requests with one id, both past the look-up: one application, both answer with it', async () => {
    holdBatches(2);
    const key = { userId: customer.id, mutationId: 'raced-create' };
    const [a, b] = await Promise.all([applyForPolicy(deps(), customer, input, key), applyForPolicy(deps(), customer, input, key)]);
    gate = null;
    expect(a.ok && b.ok).toBe(true);
    expect([a.replayed, b.replayed].sort()).toEqual([false, true]);
    expect(b.body).toEqual(a.body);
    expect(await count('SELECT count(*) AS n FROM applications')).toBe(1);
    expect(await count(`SELECT count(*) AS n FROM audit_log WHERE action = 'application.create'`)).toBe(1);
    expect(await count('SELECT application_count AS n FROM policy_stats WHERE policy_id = ?', 'race-policy')).toBe(1);
  });

  it('an approval and a rejection, both having read "assigned": exactly one decision, one audit row', async () => {
    const id = await assignedApplication();

    holdBatches(2);
    const [approve, reject] = await Promise.all([
      decideApplication(deps(), agent, id, { status: 'approved' }),
      rejectApplication(deps(), admin, id),
    ]);
    gate = null;
    expect([approve.status, reject.status].sort()).toEqual([200, 409]);
    const loser = approve.ok ? reject : approve;
    const final = approve.ok ? 'approved' : 'rejected';
    expect(loser.body).toMatchObject({ error: 'conflict', details: { status: final, paymentStatus: 'unpaid' } });
    expect(await count(`SELECT count(*) AS n FROM audit_log WHERE entity_id = ? AND action IN ('application.approve', 'application.reject')`, id)).toBe(1);
    const row = database.sqlite.prepare('SELECT status FROM applications WHERE id = ?').get(id) as { status: string };
    expect(row.status).toBe(final);
  });

  it('the same decision sent twice at once with one id: one change, the twin answers with it', async () => {
    const id = await assignedApplication();

    holdBatches(2);
    const key = { userId: agent.id, mutationId: 'raced-decision' };
    const [a, b] = await Promise.all([
      decideApplication(deps(), agent, id, { status: 'approved' }, key),
      decideApplication(deps(), agent, id, { status: 'approved' }, key),
    ]);
    gate = null;
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect([a.replayed, b.replayed].sort()).toEqual([false, true]);
    expect(await count(`SELECT count(*) AS n FROM audit_log WHERE entity_id = ? AND action = 'application.approve'`, id)).toBe(1);
  });
});
