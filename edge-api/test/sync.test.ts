import { beforeAll, describe, expect, it } from 'vitest';
import type { PushResult } from '../src/commands/push.ts';
import { applicationRow, blogRow } from '../src/seed/factories.ts';
import { useApi } from './support/app.ts';
import { adminReject, apply, applicationBody, assign, call, count, insertPolicy, type Json } from './support/calls.ts';
import { insertRow } from './support/rows.ts';
import { pullEverything, pullPage, type SyncPage } from './support/sync-pulls.ts';
import { runtime, startApi, type ApiTarget } from './support/target.ts';
import { createTestUser, type TestUser } from './support/users.ts';

const { api, admin, agent, otherAgent, alice, bob } = useApi({
  admin: 'admin',
  agent: { role: 'agent', name: 'Agent Smith' },
  otherAgent: 'agent',
  alice: 'user',
  bob: 'user',
});

let policyId: string;

beforeAll(async () => {
  policyId = (await insertPolicy(api, { title: 'Sync Plan' })).id as string;
});

const pull = (user: TestUser | null, since?: string, limit?: number) => pullPage(api, user, since, limit);
const pullAll = (user: TestUser | null, since = '0', limit = 1000) => pullEverything(api, user, since, limit);

const ids = (list: { id: string }[]) => list.map((row) => row.id).sort();
const nothing = (changes: SyncPage['changes']) =>
  Object.values(changes).every((c) => c.upserts.length === 0 && c.deletes.length === 0);

describe(`pulling changes on ${runtime}`, () => {
  it('gives a visitor the public collections in the REST shapes, and no applications', async () => {
    await insertRow(api, 'blogs', blogRow({ id: 'sync-blog', title: 'Offline reading' }));
    await apply(api, alice, policyId);
    const { changes } = await pullAll(null);
    const policy = (await call(api, 'GET', `/api/policies/${policyId}`, null)).body;
    const synced = changes.policies.upserts.find((p) => p.id === policyId);
    expect({ ...synced, popularity: 0 }).toEqual({ ...policy, popularity: 0 });
    expect(changes.blogs.upserts.find((b) => b.id === 'sync-blog')).toEqual((await call(api, 'GET', '/api/blogs/sync-blog', null)).body);
    expect(changes.faqs.upserts).toHaveLength(5);
    expect(changes.faqs.upserts.map((f) => f.question)).toContain('How do I file a claim?');
    const agents = (await call(api, 'GET', '/api/agents', null)).body;
    expect(ids(changes.agents.upserts)).toEqual(ids(agents));
    expect(changes.agents.upserts.find((a) => a.id === agent.id)).toEqual(agents.find((a: Json) => a.id === agent.id));
    // Public fields only: nothing about accounts leaks through the agents collection.
    expect(Object.keys(changes.agents.upserts[0]).sort()).toEqual(['bio', 'email', 'id', 'name', 'phone', 'photoURL', 'role', 'version']);
    expect(changes.applications.upserts).toEqual([]);
  });

  it('pages by server version: every row exactly once, cursors moving forward', async () => {
    const whole = await pullAll(null, '0', 1000);
    const paged = await pullAll(null, '0', 3);
    expect(paged.pages).toBeGreaterThan(2);
    for (const name of ['policies', 'blogs', 'faqs', 'agents'] as const) {
      expect(ids(paged.changes[name].upserts)).toEqual(ids(whole.changes[name].upserts));
    }
    expect(paged.cursor).toBe(whole.cursor);
    // Nothing changed since: an empty delta with the same cursor.
    const again = await pull(null, whole.cursor);
    expect(again.hasMore).toBe(false);
    expect(nothing(again.changes)).toBe(true);
    expect(again.cursor).toBe(whole.cursor);
  });

  it('gives every new application the next server version, from the API or from any other insert', async () => {
    const version = async (id: string) => Number((await api.sql<{ version: number }>('SELECT version FROM applications WHERE id = ?', id))[0]?.version);
    const clock = async () => Number((await api.sql<{ version: number }>('SELECT version FROM sync_clock WHERE id = 1'))[0]?.version);
    const first = await apply(api, alice, policyId);
    expect(await version(first)).toBe(await clock());
    const { cursor } = await pullAll(alice);
    // Another writer's rows: no version (0) and a stale one; both are stamped as before.
    const plain = applicationRow(alice, { policy_id: policyId, version: 0 });
    const stale = applicationRow(alice, { policy_id: policyId, version: await version(first) });
    await insertRow(api, 'applications', plain);
    await insertRow(api, 'applications', stale);
    const second = await apply(api, alice, policyId);
    const versions = [await version(first), await version(plain.id as string), await version(stale.id as string), await version(second)];
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(new Set(versions).size).toBe(4);
    expect(versions[3]).toBe(await clock());
    const after = await pullAll(alice, cursor);
    expect(ids(after.changes.applications.upserts)).toEqual([second, plain.id, stale.id].sort());
  });

  it('brings a deletion as a tombstone', async () => {
    const doomed = (await insertPolicy(api, { title: 'Withdrawn' })).id as string;
    const start = (await pullAll(null)).cursor;
    expect((await call(api, 'DELETE', `/api/policies/${doomed}`, admin)).status).toBe(200);
    expect((await call(api, 'DELETE', '/api/blogs/sync-blog', admin)).status).toBe(200);
    const delta = await pull(null, start);
    expect(delta.changes.policies).toEqual({ upserts: [], deletes: [doomed] });
    expect(delta.changes.blogs).toEqual({ upserts: [], deletes: ['sync-blog'] });
  });

  it('removes a user who stops being an agent from the agents collection', async () => {
    const demoted = await createTestUser(api, 'agent');
    const start = (await pullAll(null)).cursor;
    await api.sql(`UPDATE users SET role = 'user' WHERE id = ?`, demoted.id);
    const delta = await pull(null, start);
    expect(delta.changes.agents.deletes).toContain(demoted.id);
    expect(delta.changes.agents.upserts.map((a) => a.id)).not.toContain(demoted.id);

    const deleted = await createTestUser(api, 'agent');
    const before = (await pullAll(null)).cursor;
    await api.sql('DELETE FROM users WHERE id = ?', deleted.id);
    expect((await pull(null, before)).changes.agents.deletes).toEqual([deleted.id]);
  });
});

describe(`private data in sync on ${runtime}`, () => {
  it('a user receives only their own applications, and only their own tombstones', async () => {
    const alicesApp = await apply(api, alice, policyId);
    const bobsApp = await apply(api, bob, policyId);
    const aliceStart = await pullAll(alice);
    const aliceIds = aliceStart.changes.applications.upserts.map((a) => a.id);
    expect(aliceIds).toContain(alicesApp);
    expect(aliceIds).not.toContain(bobsApp);
    expect(aliceStart.changes.applications.upserts.every((a) => a.userEmail === alice.email)).toBe(true);
    const bobStart = await pullAll(bob);

    // Bob deletes his; Alice's delta says nothing about it, Bob's carries the tombstone.
    expect((await call(api, 'DELETE', `/api/applications/${bobsApp}`, bob)).status).toBe(200);
    const aliceDelta = await pullAll(alice, aliceStart.cursor);
    expect(aliceDelta.changes.applications).toEqual({ upserts: [], deletes: [] });
    const bobDelta = await pullAll(bob, bobStart.cursor);
    expect(bobDelta.changes.applications.deletes).toEqual([bobsApp]);
    // Visitors never see applications or their tombstones.
    const visitor = await pullAll(null, '0');
    expect(visitor.changes.applications).toEqual({ upserts: [], deletes: [] });
  });

  it('an admin keeps the undecided applications and recent decisions, not old ones (decision 0030)', async () => {
    const admins = await createTestUser(api, 'user');
    const row = (overrides: Record<string, unknown>) => applicationRow(admins, { policy_name: 'Sync Plan', ...overrides });
    const old = row({ status: 'approved', decided_at: '2020-01-01T00:00:00.000Z', applied_at: '2019-12-01T00:00:00.000Z' });
    const oldRejected = row({ status: 'rejected', decided_at: '2020-02-01T00:00:00.000Z' });
    const recent = row({ status: 'approved', decided_at: new Date().toISOString() });
    const waiting = row({ status: 'assigned', assigned_agent: agent.email, applied_at: '2019-01-01T00:00:00.000Z' });
    for (const application of [old, oldRejected, recent, waiting]) await insertRow(api, 'applications', application);

    const { changes, cursor } = await pullAll(admin);
    const held = ids(changes.applications.upserts);
    expect(held).toEqual(expect.arrayContaining([recent.id, waiting.id]));
    expect(held).not.toContain(old.id);
    expect(held).not.toContain(oldRejected.id);
    // Everything the admin holds is undecided or decided within the kept window.
    const keptSince = Date.now() - 38 * 86_400_000;
    for (const application of changes.applications.upserts) {
      const undecided = application.status === 'pending' || application.status === 'assigned';
      expect(undecided || Date.parse(application.decidedAt) >= keptSince, application.id).toBe(true);
    }
    // The cursor names the week it was taken in, so an older week's cursor starts over.
    expect(cursor).toMatch(new RegExp(`^\\d+\\.admin-${admin.id}-w\\d+\\.[0-9a-f]+$`));
    const lastWeek = cursor.replace(/w(\d+)(\.[0-9a-f]+)$/, (_, week: string, epoch: string) => `w${Number(week) - 1}${epoch}`);
    expect((await pull(admin, lastWeek)).reset).toBe(true);
    // The full list is still the admin's to page through on the server.
    const search = await call(api, 'GET', `/api/applications/search?q=${encodeURIComponent(admins.email)}`, admin);
    expect(search.body.total).toBe(4);
  });

  it('an agent receives the applications assigned to them; one re-assigned away leaves their device', async () => {
    const id = await apply(api, alice, policyId);
    const aliceStart = await pullAll(alice);
    const adminStart = await pullAll(admin);
    const before = await pullAll(agent);
    expect(before.changes.applications.upserts.map((a) => a.id)).not.toContain(id);

    await assign(api, admin, id, agent);
    const assigned = await pullAll(agent, before.cursor);
    expect(assigned.changes.applications.upserts.map((a) => a.id)).toEqual([id]);
    expect(assigned.changes.applications.upserts[0]).toMatchObject({ status: 'assigned', assignedAgent: agent.email });

    await assign(api, admin, id, otherAgent);
    const revoked = await pullAll(agent, assigned.cursor);
    expect(revoked.changes.applications).toEqual({ upserts: [], deletes: [id] });
    const newAgent = await pullAll(otherAgent);
    expect(newAgent.changes.applications.upserts.map((a) => a.id)).toContain(id);
    // The owner and the admin still have it: for them it changed, it did not go.
    const owner = await pullAll(alice, aliceStart.cursor);
    expect(owner.changes.applications.deletes).toEqual([]);
    expect(owner.changes.applications.upserts.find((a) => a.id === id)).toMatchObject({ assignedAgent: otherAgent.email });
    const adminDelta = await pullAll(admin, adminStart.cursor);
    expect(adminDelta.changes.applications.deletes).toEqual([]);

    // Assigned back: it returns as an upsert, and the old revocation does not remove it again.
    await assign(api, admin, id, agent);
    const back = await pullAll(agent, assigned.cursor);
    expect(back.changes.applications.deletes).toEqual([]);
    expect(back.changes.applications.upserts.map((a) => a.id)).toEqual([id]);
  });

  it('starts over (reset) when a cursor was taken in another view, e.g. before signing in', async () => {
    const mine = await apply(api, alice, policyId);
    const visitor = await pullAll(null);
    const first = await pull(alice, visitor.cursor, 1000);
    expect(first.reset).toBe(true);
    const rest = first.hasMore ? await pullAll(alice, first.cursor) : { changes: { applications: { upserts: [] } } };
    const received = [...first.changes.applications.upserts, ...rest.changes.applications.upserts].map((a) => a.id);
    expect(received).toContain(mine);
    // Within the same view, no reset.
    const again = await pull(alice, (await pullAll(alice)).cursor);
    expect(again.reset).toBe(false);
    expect((await call(api, 'GET', '/api/sync?since=abc', alice)).status).toBe(400);
    expect((await call(api, 'GET', '/api/sync?limit=5000', alice)).status).toBe(400);
  });
});

// ---------------------------------------------------------------------------------------------

/** A push's answer for one mutation, its body loosely typed for the assertions. */
type PushAnswer = PushResult & { body: Json };

const push = async (target: ApiTarget, user: TestUser, mutations: unknown[]) => {
  const res = await call<{ results: PushAnswer[] }>(target, 'POST', '/api/sync/push', user, { mutations });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.results;
};

describe(`pushing queued writes on ${runtime}`, () => {
  it('applies each mutation through its endpoint’s rules, and answers per mutation', async () => {
    const claim = await apply(api, bob, policyId);
    await assign(api, admin, claim, agent);
    const rejectedByAdmin = await apply(api, bob, policyId);
    await assign(api, admin, rejectedByAdmin, agent);
    await adminReject(api, admin, rejectedByAdmin);

    const results = await push(api, agent, [
      { mutationId: 'agent-1', type: 'application.decide', payload: { id: claim, status: 'approved' } },
      { mutationId: 'agent-2', type: 'application.decide', payload: { id: rejectedByAdmin, status: 'approved' } },
      { mutationId: 'agent-3', type: 'application.assign', payload: { id: claim, agentEmail: agent.email } },
      { mutationId: 'agent-4', type: 'policy.explode', payload: {} },
      { mutationId: 'agent-5', type: 'application.decide', payload: { id: claim, status: 'maybe' } },
    ]);
    expect(results.map((r) => [r.mutationId, r.result, r.status])).toEqual([
      ['agent-1', 'applied', 200],
      ['agent-2', 'refused', 409],
      ['agent-3', 'refused', 403],
      ['agent-4', 'refused', 400],
      ['agent-5', 'refused', 400],
    ]);
    expect(results[0]?.body.application).toMatchObject({ id: claim, status: 'approved' });
    expect(results[1]).toMatchObject({ reason: 'This application was already rejected', current: { status: 'rejected', paymentStatus: 'unpaid' } });
    expect((await call(api, 'GET', `/api/applications/${rejectedByAdmin}`, admin)).body.status).toBe('rejected');

    // A user pushing someone else's application delete is refused like the endpoint would.
    const [foreign] = await push(api, alice, [{ mutationId: 'alice-1', type: 'application.delete', payload: { id: claim } }]);
    expect(foreign).toMatchObject({ result: 'refused', status: 403 });
  });

  it('refuses a push of more than 100 mutations, and visitors', async () => {
    const many = Array.from({ length: 101 }, (_, i) => ({ mutationId: `m${i}`, type: 'application.delete', payload: { id: 'x' } }));
    expect((await call(api, 'POST', '/api/sync/push', alice, { mutations: many })).status).toBe(400);
    expect((await call(api, 'POST', '/api/sync/push', null, { mutations: [] })).status).toBe(401);
  });
});

/**
 * One offline session, pushed in different ways, on fresh databases: the customer's and the
 * agent's queued writes, split in two halves. Whatever the order and however often they are
 * sent, the final state is the same and nothing is doubled.
 */
describe(`replaying and reordering pushes on ${runtime}`, () => {
  async function scenario(order: (send: (who: 'customer' | 'agent', half: 1 | 2 | 'all') => Promise<PushAnswer[]>) => Promise<void>) {
    const target = await startApi();
    try {
      const a = await createTestUser(target, 'admin');
      const ag = await createTestUser(target, 'agent');
      const cu = await createTestUser(target, 'user');
      const policy = (await insertPolicy(target, { title: 'Replay Plan' })).id as string;
      const made = async (name: string) => {
        const res = await call(target, 'POST', '/api/applications', cu, applicationBody(policy, { name }));
        return res.body.insertedId as string;
      };
      const x = await made('X');
      const y = await made('Y');
      const z = await made('Z');
      for (const id of [x, y]) await call(target, 'PATCH', `/api/applications/assign/${id}`, a, { agentEmail: ag.email });

      const customer = {
        1: [
          { mutationId: 'c-create-a', type: 'application.create', payload: applicationBody(policy, { name: 'A' }) },
          { mutationId: 'c-create-b', type: 'application.create', payload: applicationBody(policy, { name: 'B' }) },
        ],
        2: [
          { mutationId: 'c-create-c', type: 'application.create', payload: applicationBody(policy, { name: 'C' }) },
          { mutationId: 'c-delete-z', type: 'application.delete', payload: { id: z } },
        ],
      };
      const agentWrites = {
        1: [{ mutationId: 'g-approve-x', type: 'application.decide', payload: { id: x, status: 'approved' } }],
        2: [{ mutationId: 'g-reject-y', type: 'application.decide', payload: { id: y, status: 'rejected' } }],
      };
      const send = (who: 'customer' | 'agent', half: 1 | 2 | 'all') => {
        const writes = who === 'customer' ? customer : agentWrites;
        const list = half === 'all' ? [...writes[1], ...writes[2]] : writes[half];
        return push(target, who === 'customer' ? cu : ag, list);
      };
      await order(send);

      const apps = await target.sql<{ name: string; status: string; assigned: number }>(
        `SELECT name, status, assigned_agent IS NOT NULL AS assigned FROM applications ORDER BY name`,
      );
      const audit = await target.sql<{ action: string; n: number }>(`SELECT action, count(*) AS n FROM audit_log GROUP BY action ORDER BY action`);
      const stats = await target.sql<{ application_count: number }>(`SELECT application_count FROM policy_stats`);
      const mutations = await count(target, 'SELECT count(*) AS n FROM processed_mutations');
      return { apps, audit, stats, mutations };
    } finally {
      await target.stop();
    }
  }

  it('a batch replayed twice, and its halves sent in reverse order, end in the same state with no duplicates', async () => {
    let replayAnswers: PushAnswer[][] = [];
    const inOrderTwice = await scenario(async (send) => {
      const firstCustomer = await send('customer', 'all');
      const firstAgent = await send('agent', 'all');
      expect([...firstCustomer, ...firstAgent].every((r) => r.result === 'applied')).toBe(true);
      const againCustomer = await send('customer', 'all');
      const againAgent = await send('agent', 'all');
      replayAnswers = [firstCustomer, againCustomer, firstAgent, againAgent];
    });
    const [firstCustomer, againCustomer, firstAgent, againAgent] = replayAnswers as [PushAnswer[], PushAnswer[], PushAnswer[], PushAnswer[]];
    expect(againCustomer.every((r) => r.result === 'duplicate')).toBe(true);
    expect(againAgent.every((r) => r.result === 'duplicate')).toBe(true);
    // A duplicate answers with the first result: same status, same body.
    expect(againCustomer.map((r) => [r.status, r.body])).toEqual(firstCustomer.map((r) => [r.status, r.body]));
    expect(againAgent.map((r) => [r.status, r.body])).toEqual(firstAgent.map((r) => [r.status, r.body]));

    const reversed = await scenario(async (send) => {
      await send('agent', 2);
      await send('customer', 2);
      await send('agent', 1);
      await send('customer', 1);
      // And then the whole outbox once more, as after a lost reply.
      const again = [...(await send('customer', 'all')), ...(await send('agent', 'all'))];
      expect(again.every((r) => r.result === 'duplicate')).toBe(true);
    });

    expect(reversed).toEqual(inOrderTwice);
    expect(inOrderTwice.apps).toEqual([
      { name: 'A', status: 'pending', assigned: 0 },
      { name: 'B', status: 'pending', assigned: 0 },
      { name: 'C', status: 'pending', assigned: 0 },
      { name: 'X', status: 'approved', assigned: 1 },
      { name: 'Y', status: 'rejected', assigned: 1 },
    ]);
    expect(inOrderTwice.audit).toEqual([
      { action: 'application.approve', n: 1 },
      { action: 'application.assign', n: 2 },
      { action: 'application.create', n: 6 },
      { action: 'application.delete', n: 1 },
      { action: 'application.reject', n: 1 },
    ]);
    // Six applications, all from the customer: popularity counts one applicant (issue 24).
    expect(inOrderTwice.stats).toEqual([{ application_count: 1 }]);
    expect(inOrderTwice.mutations).toBe(6);
  }, 120_000);
});

// Last, so that the other tests' full pulls stay small.
