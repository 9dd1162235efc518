/**
 * Cash collected in the field (issue 49): the assigned agent records it with the phone's
 * Idempotency-Key; retried five times (at once, then again) it is recorded once, the customer is
 * told once; the amount must be the dues' sum; only the assigned agent or an admin; the same key
 * with another collection is refused; the agent's Collections list; the outbox's `premium.collect`.
 */
import { describe, expect, it } from 'vitest';
import { call } from './support/calls.ts';
import { useApi } from './support/app.ts';
import { insertPolicyInForce } from './support/premiums.ts';
import { runtime } from './support/target.ts';
import { fieldReceiptNumber } from '../src/schemas/premium-schedule.ts';

const { api, holder, agent, otherAgent, admin } = useApi({ holder: 'user', agent: 'agent', otherAgent: 'agent', admin: 'admin' });

const premiumsOf = (id: string) => call(api, 'GET', `/api/premiums/${id}`, holder);
const collect = (id: string, who: typeof agent, body: unknown, key?: string) =>
  call(api, 'POST', `/api/premiums/${id}/collections`, who, body, key ? { 'idempotency-key': key } : {});

describe(`field collections on ${runtime}`, () => {
  it('a collection of two dues retried five times at once, and again, is recorded once; the customer is told once', async () => {
    const { id } = await insertPolicyInForce(api, holder, { agent, startedDaysAgo: 20 });
    const before = await premiumsOf(id);
    expect(before.body.state).toBe('in_grace');
    const [first, second] = before.body.dues;
    const body = { dueIds: [first.id, second.id], amountMinor: first.amountMinor + second.amountMinor, collectedAt: new Date().toISOString() };
    const key = crypto.randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => collect(id, agent, body, key)));
    const again = await collect(id, agent, body, key);
    for (const answer of [...answers, again]) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      expect(answer.body.receipt).toMatchObject({ receiptNumber: fieldReceiptNumber(key, body.collectedAt), dueIds: body.dueIds, amountMinor: body.amountMinor, method: 'cash', provider: 'field', collectedBy: agent.email });
    }
    expect(answers.filter((a) => a.body.recordedNow)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body.receipt.id)).size).toBe(1);
    expect(await api.sql('SELECT COUNT(*) AS n FROM premium_receipts WHERE application_id = ?', id)).toEqual([{ n: 1 }]);
    expect(await api.sql("SELECT COUNT(*) AS n FROM notifications WHERE entity_id = ? AND event = 'premium_paid' AND user_id = ?", id, holder.id)).toEqual([{ n: 1 }]);
    expect(await api.sql("SELECT COUNT(*) AS n FROM audit_log WHERE entity_id = ? AND action = 'premium.pay'", id)).toEqual([{ n: 1 }]);

    const after = await premiumsOf(id);
    expect(after.body.state).toBe('in_force');
    expect(after.body.dues.slice(0, 2).map((d: { status: string; receiptId: string }) => [d.status, d.receiptId])).toEqual([
      ['paid', answers[0]!.body.receipt.id],
      ['paid', answers[0]!.body.receipt.id],
    ]);
    expect(after.body.receipts).toHaveLength(1);
    // The customer's inbox shows it.
    const inbox = await call(api, 'GET', '/api/notifications', holder);
    expect(inbox.body.items.map((n: { event: string; link: string }) => [n.event, n.link])).toContainEqual(['premium_paid', `/dashboard/premiums/${id}`]);
  });

  it('refuses an amount that is not the dues\' sum, dues out of order, a missing key, and a key used for another collection', async () => {
    const { id } = await insertPolicyInForce(api, holder, { agent, startedDaysAgo: 20 });
    const { dues } = (await premiumsOf(id)).body;
    const at = new Date().toISOString();
    const wrong = await collect(id, agent, { dueIds: [dues[0].id], amountMinor: dues[0].amountMinor + 1, collectedAt: at }, crypto.randomUUID());
    expect(wrong.status).toBe(422);
    expect(wrong.body.details).toEqual({ expectedMinor: dues[0].amountMinor });
    const skipping = await collect(id, agent, { dueIds: [dues[1].id], amountMinor: dues[1].amountMinor, collectedAt: at }, crypto.randomUUID());
    expect(skipping.status).toBe(422);
    expect(skipping.body.message).toBe('Please pay the earliest unpaid dues first');
    expect((await collect(id, agent, { dueIds: [dues[0].id], amountMinor: dues[0].amountMinor, collectedAt: at })).status).toBe(400);
    const key = crypto.randomUUID();
    expect((await collect(id, agent, { dueIds: [dues[0].id], amountMinor: dues[0].amountMinor, collectedAt: at }, key)).status).toBe(201);
    const reused = await collect(id, agent, { dueIds: [dues[1].id], amountMinor: dues[1].amountMinor, collectedAt: at }, key);
    expect(reused.status).toBe(422);
    expect(reused.body.error).toBe('idempotency_mismatch');
    expect(await api.sql('SELECT COUNT(*) AS n FROM premium_receipts WHERE application_id = ?', id)).toEqual([{ n: 1 }]);
  });

  it('only the assigned agent or an admin records one', async () => {
    const { id } = await insertPolicyInForce(api, holder, { agent, startedDaysAgo: 5 });
    const { dues } = (await premiumsOf(id)).body;
    const body = { dueIds: [dues[0].id], amountMinor: dues[0].amountMinor, collectedAt: new Date().toISOString() };
    expect((await collect(id, otherAgent, body, crypto.randomUUID())).status).toBe(403);
    expect((await collect(id, holder, body, crypto.randomUUID())).status).toBe(403);
    expect((await call(api, 'POST', `/api/premiums/${id}/collections`, null, body, { 'idempotency-key': 'k' })).status).toBe(401);
    expect((await collect(id, admin, body, crypto.randomUUID())).status).toBe(201);
  });

  it("the agent's Collections list has their customers' dues (in grace and coming), not another agent's", async () => {
    const mine = await insertPolicyInForce(api, holder, { agent, startedDaysAgo: 12 });
    const theirs = await insertPolicyInForce(api, holder, { agent: otherAgent, startedDaysAgo: 12 });
    const list = await call(api, 'GET', '/api/premiums/collections', agent);
    expect(list.status).toBe(200);
    const ids = list.body.items.map((item: { applicationId: string }) => item.applicationId);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    const item = list.body.items.find((i: { applicationId: string }) => i.applicationId === mine.id);
    expect(item.state).toBe('in_grace');
    expect(item.dues[0].status).toBe('overdue');
    expect(item.totalMinor).toBe(item.dues.reduce((s: number, d: { amountMinor: number }) => s + d.amountMinor, 0));
    const all = await call(api, 'GET', `/api/premiums/collections?agent=${encodeURIComponent(otherAgent.email)}`, admin);
    expect(all.body.items.map((i: { applicationId: string }) => i.applicationId)).toEqual([theirs.id]);
    expect((await call(api, 'GET', '/api/premiums/collections', holder)).status).toBe(403);
  });

  it("the outbox's premium.collect is applied once, then answered as a duplicate", async () => {
    const { id } = await insertPolicyInForce(api, holder, { agent, startedDaysAgo: 5 });
    const { dues } = (await premiumsOf(id)).body;
    const mutation = { mutationId: crypto.randomUUID(), type: 'premium.collect', payload: { applicationId: id, dueIds: [dues[0].id], amountMinor: dues[0].amountMinor, collectedAt: new Date().toISOString() } };
    const push = () => call(api, 'POST', '/api/sync/push', agent, { mutations: [mutation] });
    const first = await push();
    expect(first.status).toBe(200);
    expect(first.body.results[0]).toMatchObject({ result: 'applied', status: 201 });
    expect(first.body.results[0].body.receipt.receiptNumber).toBe(fieldReceiptNumber(mutation.mutationId, mutation.payload.collectedAt));
    expect((await push()).body.results[0]).toMatchObject({ result: 'duplicate', status: 201 });
    expect(await api.sql('SELECT COUNT(*) AS n FROM premium_receipts WHERE application_id = ?', id)).toEqual([{ n: 1 }]);
  });
});
