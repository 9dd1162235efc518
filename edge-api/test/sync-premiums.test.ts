/**
 * The sync pull carries premiums and service requests (issues 49 and 51, docs/premiums-api.md
 * "Sync pull", decision 0114): a policy in force's dues and receipts to its holder, its assigned
 * agent and admins, nobody else; a collection moves the application so the next pull brings it
 * paid; an agent's phone holds every policy in force assigned to them (however long ago decided)
 * and the service requests on them only; a decision moves a request. The pull stays one database
 * call on the Worker however many policies a page holds.
 */
import { describe, expect, it } from 'vitest';
import { useApi } from './support/app.ts';
import { call, type Json } from './support/calls.ts';
import { insertApplication } from './support/records.ts';
import { insertPolicyInForce } from './support/premiums.ts';
import { pullEverything, pullPage } from './support/sync-pulls.ts';
import { runtime } from './support/target.ts';
import type { TestUser } from './support/users.ts';

const { api, holder, other, agent, otherAgent, admin } = useApi(
  { holder: 'user', other: 'user', agent: 'agent', otherAgent: 'agent', admin: 'admin' },
  { env: { COUNT_D1_CALLS: 'true' } },
);

const applicationIn = (page: { changes: { applications: { upserts: Json[] } } }, id: string) => page.changes.applications.upserts.find((a) => a.id === id);
const ask = (user: TestUser, body: unknown) => call(api, 'POST', '/api/service-requests', user, body, { 'Idempotency-Key': crypto.randomUUID() });

describe(`premiums in the sync pull on ${runtime}`, () => {
  it("carries a policy's dues and receipts to its holder, not to another customer; other applications carry null", async () => {
    const { id } = await insertPolicyInForce(api, holder, { agent, startedDaysAgo: 40, termYears: 3, monthlyMinor: 40_000 });
    const pending = await insertApplication(api, holder, { status: 'pending' });
    const served = (await call(api, 'GET', `/api/premiums/${id}`, holder)).body;

    const mine = await pullEverything(api, holder);
    const policy = applicationIn(mine, id);
    expect(policy?.premiumMode).toBe('monthly');
    expect(policy?.premiums.dues).toHaveLength(36);
    // The same dues as GET /premiums/:id, without the status the phone works out itself.
    expect(policy?.premiums.dues).toEqual(served.dues.map(({ status: _, ...due }: Json) => due));
    expect(policy?.premiums).toMatchObject({ receipts: [], termEndsOn: served.termEndsOn });
    expect(applicationIn(mine, pending.id as string)?.premiums).toBeNull();

    const theirs = await pullEverything(api, other);
    expect(applicationIn(theirs, id)).toBeUndefined();
    expect(JSON.stringify(theirs.changes)).not.toContain(`${id}:000`);
  });

  it('works out the dues of a policy whose schedule nobody has read yet, with the ids they get when stored', async () => {
    const { id } = await insertPolicyInForce(api, holder, { startedDaysAgo: 3, mode: 'quarterly', termYears: 3, monthlyMinor: 30_000 });
    const pulled = applicationIn(await pullEverything(api, holder), id)?.premiums.dues;
    expect(pulled).toHaveLength(12);
    expect(pulled[0]).toMatchObject({ id: `${id}:000`, amountMinor: 90_000, paidAt: null, receiptId: null });
    const served = (await call(api, 'GET', `/api/premiums/${id}`, holder)).body.dues.map(({ status: _, ...due }: Json) => due);
    expect(pulled).toEqual(served);
  });

  it('a field collection moves the application: the next pull brings the dues paid and the receipt', async () => {
    const { id } = await insertPolicyInForce(api, holder, { agent, startedDaysAgo: 20 });
    const first = await pullEverything(api, holder);
    const [due] = applicationIn(first, id)?.premiums.dues as Json[];
    const quiet = await pullPage(api, holder, first.cursor);
    expect(applicationIn(quiet, id)).toBeUndefined();

    const key = crypto.randomUUID();
    const collected = await call(api, 'POST', `/api/premiums/${id}/collections`, agent, { dueIds: [due.id], amountMinor: due.amountMinor, collectedAt: new Date().toISOString() }, { 'idempotency-key': key });
    expect(collected.status, JSON.stringify(collected.body)).toBe(201);

    const next = await pullPage(api, holder, first.cursor);
    const paid = applicationIn(next, id)?.premiums;
    expect(paid?.dues[0]).toMatchObject({ id: due.id, receiptId: collected.body.receipt.id });
    expect(paid?.dues[0].paidAt).toEqual(expect.any(String));
    expect(paid?.receipts).toEqual([collected.body.receipt]);
    const agentCopy = applicationIn(await pullEverything(api, agent), id)?.premiums;
    expect(agentCopy?.receipts.map((r: Json) => r.receiptNumber)).toEqual([collected.body.receipt.receiptNumber]);
  });

  it("an agent's pull holds every policy in force assigned to them, however long ago decided; not another agent's", async () => {
    const old = await insertPolicyInForce(api, holder, { agent, startedDaysAgo: 400 });
    const elsewhere = await insertPolicyInForce(api, other, { agent: otherAgent, startedDaysAgo: 400 });
    const pulled = await pullEverything(api, agent);
    expect(applicationIn(pulled, old.id)?.premiums.dues.length).toBeGreaterThan(12);
    expect(applicationIn(pulled, elsewhere.id)).toBeUndefined();
    expect(applicationIn(await pullEverything(api, otherAgent), elsewhere.id)?.premiums).not.toBeNull();
    // Admins see policies decided within their kept window (decision 0030), with their dues.
    const recent = await insertPolicyInForce(api, other, { startedDaysAgo: 2 });
    expect(applicationIn(await pullEverything(api, admin), recent.id)?.premiums.dues.length).toBeGreaterThan(0);
  });

  it('stays one database call on the Worker whether a page holds one policy or twelve', async () => {
    const lone = (await call(api, 'GET', '/api/sync?since=0', other)).headers.get('x-d1-calls');
    for (let i = 0; i < 12; i += 1) await insertPolicyInForce(api, other, { startedDaysAgo: 30 + i });
    const res = await call(api, 'GET', '/api/sync?since=0', other);
    expect(res.body.changes.applications.upserts.filter((a: Json) => a.premiums).length).toBeGreaterThanOrEqual(12);
    if (runtime === 'worker') {
      expect(lone).not.toBeNull();
      expect(res.headers.get('x-d1-calls')).toBe(lone);
    }
  });
});

describe(`service requests in the sync pull on ${runtime}`, () => {
  it("the holder's own, the assigned agent's, all open ones for an admin; a decision moves the request", async () => {
    const mine = await insertPolicyInForce(api, holder, { agent, startedDaysAgo: 5 });
    const theirs = await insertPolicyInForce(api, other, { agent: otherAgent, startedDaysAgo: 5 });
    const asked = await ask(holder, { applicationId: mine.id, kind: 'contact', changes: { address: 'House 4, Road 2, Mirpur, Dhaka', phone: '01712345670' } });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const otherAsked = await ask(other, { applicationId: theirs.id, kind: 'duplicate_certificate', changes: {} });
    expect(otherAsked.status, JSON.stringify(otherAsked.body)).toBe(201);

    const ids = (page: { changes: { serviceRequests: { upserts: Json[] } } }) => page.changes.serviceRequests.upserts.map((r) => r.id as string).sort();
    const holderPull = await pullEverything(api, holder);
    expect(ids(holderPull)).toEqual([asked.body.id]);
    // The very item GET /api/service-requests lists.
    const listed = (await call(api, 'GET', '/api/service-requests', holder)).body.items[0];
    expect(holderPull.changes.serviceRequests.upserts[0]).toEqual(listed);
    expect(ids(await pullEverything(api, other))).toEqual([otherAsked.body.id]);
    const agentPull = await pullEverything(api, agent);
    expect(ids(agentPull)).toEqual([asked.body.id]);
    expect(ids(await pullEverything(api, otherAgent))).toEqual([otherAsked.body.id]);
    expect(ids(await pullEverything(api, admin))).toEqual([asked.body.id, otherAsked.body.id].sort());

    const decided = await call(api, 'POST', `/api/service-requests/${asked.body.id}/decision`, agent, { status: 'approved', reason: 'Checked by phone' });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    for (const [who, cursor] of [[holder, holderPull.cursor], [agent, agentPull.cursor]] as const) {
      const next = await pullPage(api, who, cursor);
      expect(next.changes.serviceRequests.upserts).toEqual([expect.objectContaining({ id: asked.body.id, status: 'approved', reason: 'Checked by phone', decidedBy: agent.email })]);
      // The approved change moved the policy too.
      expect(applicationIn(next, mine.id)?.address).toBe('House 4, Road 2, Mirpur, Dhaka');
    }
  });

  it('a policy given to another agent takes its requests along; a deleted policy leaves a tombstone for them', async () => {
    const policy = await insertPolicyInForce(api, holder, { agent, startedDaysAgo: 5 });
    const asked = await ask(holder, { applicationId: policy.id, kind: 'duplicate_certificate', changes: {} });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const before = await pullEverything(api, otherAgent);
    const holderBefore = await pullEverything(api, holder);
    await api.sql('UPDATE applications SET assigned_agent = ? WHERE id = ?', otherAgent.email, policy.id);
    const moved = await pullEverything(api, otherAgent, before.cursor);
    expect(moved.changes.serviceRequests.upserts.map((r) => r.id)).toEqual([asked.body.id]);

    await api.sql('DELETE FROM applications WHERE id = ?', policy.id);
    const gone = await pullEverything(api, holder, holderBefore.cursor);
    expect(gone.changes.serviceRequests.deletes).toContain(asked.body.id);
    expect(gone.changes.applications.deletes).toContain(policy.id);
    const goneForAgent = await pullEverything(api, otherAgent, moved.cursor);
    expect(goneForAgent.changes.serviceRequests.deletes).toContain(asked.body.id);
    expect((await pullEverything(api, other, '0')).changes.serviceRequests.upserts.map((r) => r.id)).not.toContain(asked.body.id);
  });
});
