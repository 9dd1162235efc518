/**
 * A sync push makes a bounded number of database calls whatever its size (docs/decisions/
 * 0055-push-query-budget.md), and grouping its mutations into shared calls keeps what the
 * one-by-one push promised: push order, conditional transitions, idempotency by mutation id.
 * On the Worker the D1 binding counts its calls (COUNT_D1_CALLS) and answers them per request.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { maxMutationsPerPush, pushCallBudget } from '../src/commands/push.ts';
import { useApi } from './support/app.ts';
import { applicationBody, apply, call, count, insertPolicy, type Json } from './support/calls.ts';
import { runtime } from './support/target.ts';
import type { TestUser } from './support/users.ts';

const { api, admin, agent, customer } = useApi({ admin: 'admin', agent: 'agent', customer: 'user' }, { env: { COUNT_D1_CALLS: 'true' } });

let policyId: string;

beforeAll(async () => {
  policyId = (await insertPolicy(api, { title: 'Budget Plan' })).id as string;
});

let run = 0;
const mutation = (type: string, payload: unknown, mutationId = `budget-${++run}-${crypto.randomUUID()}`) => ({ mutationId, type, payload });

/** `calls` is the request's own count only for requests sent one at a time (one counter per isolate). */
async function push(user: TestUser, mutations: unknown[]) {
  const res = await call(api, 'POST', '/api/sync/push', user, { mutations });
  expect(res.status).toBe(200);
  const calls = res.headers.get('x-d1-calls');
  if (runtime === 'worker') expect(calls, 'the Worker counts its D1 calls').not.toBeNull();
  return { results: res.body.results as Json[], calls: calls === null ? null : Number(calls) };
}

const creates = (n: number) => Array.from({ length: n }, (_, i) => mutation('application.create', applicationBody(policyId, { name: `Budget ${i}` })));

describe(`sync push database calls on ${runtime}`, () => {
  it('stays within the budget for 1, 20 and 100 new applications, and for their replay', async () => {
    for (const size of [1, 20, maxMutationsPerPush]) {
      const mutations = creates(size);
      const first = await push(customer, mutations);
      expect(first.results.map((r) => r.result)).toEqual(Array(size).fill('applied'));
      expect(new Set(first.results.map((r) => r.body.insertedId)).size).toBe(size);
      if (first.calls !== null) expect(first.calls, `D1 calls for a push of ${size}`).toBeLessThanOrEqual(pushCallBudget);

      const again = await push(customer, mutations);
      expect(again.results.map((r) => r.result)).toEqual(Array(size).fill('duplicate'));
      expect(again.results.map((r) => r.body)).toEqual(first.results.map((r) => r.body));
      if (again.calls !== null) expect(again.calls).toBeLessThanOrEqual(pushCallBudget);
    }
    expect(await count(api, 'SELECT COUNT(*) AS n FROM applications WHERE user_id = ?', customer.id)).toBe(121);
  });

  it('applies 100 transitions in push order within the budget: each assign before the reject after it', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) ids.push(await apply(api, customer, policyId, { name: `Order ${i}` }));
    const mutations = ids.flatMap((id) => [
      mutation('application.assign', { id, agentEmail: agent.email }),
      mutation('application.reject', { id }),
    ]);
    const { results, calls } = await push(admin, mutations);
    expect(results.map((r) => `${r.result} ${r.body.application?.status}`)).toEqual(
      ids.flatMap(() => ['applied assigned', 'applied rejected']),
    );
    if (calls !== null) expect(calls).toBeLessThanOrEqual(pushCallBudget);
    const audit = await api.sql<{ action: string }>(
      `SELECT action FROM audit_log WHERE entity_id = ? ORDER BY rowid`,
      ids[7],
    );
    expect(audit.map((row) => row.action)).toEqual(['application.create', 'application.assign', 'application.reject']);
  });

  it('keeps order for a refusal: a reject, then an assign of the same application, is refused with the state', async () => {
    const id = await apply(api, customer, policyId);
    const { results } = await push(admin, [mutation('application.reject', { id }), mutation('application.assign', { id, agentEmail: agent.email })]);
    expect(results.map((r) => [r.result, r.status])).toEqual([
      ['applied', 200],
      ['refused', 409],
    ]);
    expect(results[1].reason).toBe('This application was already rejected');
    expect(results[1].current).toEqual({ status: 'rejected', paymentStatus: 'unpaid' });
  });

  it('answers a mutation id sent twice in one push once: the second is its duplicate', async () => {
    const twice = mutation('application.create', applicationBody(policyId, { name: 'Twice' }));
    const other = mutation('application.create', applicationBody(policyId, { name: 'Other' }));
    const before = await count(api, 'SELECT COUNT(*) AS n FROM applications WHERE user_id = ?', customer.id);
    const { results } = await push(customer, [twice, other, twice]);
    expect(results.map((r) => r.result)).toEqual(['applied', 'applied', 'duplicate']);
    expect(results[2].body).toEqual(results[0].body);
    expect(await count(api, 'SELECT COUNT(*) AS n FROM applications WHERE user_id = ?', customer.id)).toBe(before + 2);
  });

  it('two pushes of the same mutations at once make each effect once; the other push answers duplicates', async () => {
    const mutations = creates(20);
    const before = await count(api, 'SELECT COUNT(*) AS n FROM applications WHERE user_id = ?', customer.id);
    // Their call counts mix (one counter per isolate), so only the answers are checked here.
    const [a, b] = await Promise.all([push(customer, mutations), push(customer, mutations)]);
    for (let i = 0; i < mutations.length; i++) {
      expect([a.results[i].result, b.results[i].result].sort()).toEqual(['applied', 'duplicate']);
      expect(a.results[i].body).toEqual(b.results[i].body);
    }
    expect(await count(api, 'SELECT COUNT(*) AS n FROM applications WHERE user_id = ?', customer.id)).toBe(before + 20);
  });

  it('answers refusals that need no database, and a missing application, beside applied ones', async () => {
    const { results } = await push(customer, [
      mutation('policy.delete', {}),
      mutation('application.assign', { id: 'x', agentEmail: agent.email }),
      mutation('application.create', { policyId }),
      mutation('application.delete', { id: 'no-such-application' }),
      ...creates(1),
    ]);
    expect(results.map((r) => [r.result, r.status])).toEqual([
      ['refused', 400],
      ['refused', 403],
      ['refused', 400],
      ['refused', 404],
      ['applied', 201],
    ]);
  });
});
