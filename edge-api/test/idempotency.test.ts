import { beforeAll, describe, expect, it } from 'vitest';
import { useApi } from './support/app.ts';
import { adminReject, apply, applicationBody, assign, call, count, decide, insertPolicy } from './support/calls.ts';
import { runtime } from './support/target.ts';
import { createTestUser, type TestUser } from './support/users.ts';

const { api, admin, agent, customer, other } = useApi({ admin: 'admin', agent: 'agent', customer: 'user', other: 'user' });

let policyId: string;

beforeAll(async () => {
  policyId = (await insertPolicy(api, { title: 'Child Future Plan', category: 'Child' })).id as string;
});

const key = (id: string) => ({ 'Idempotency-Key': id });
const applications = () => count(api, 'SELECT count(*) AS n FROM applications');
const auditRows = () => count(api, 'SELECT count(*) AS n FROM audit_log');
const applicationsOf = (user: TestUser) => count(api, 'SELECT count(*) AS n FROM applications WHERE user_id = ?', user.id);
const clock = async () => (await api.sql<{ version: number }>('SELECT version FROM sync_clock'))[0]?.version;

describe(`idempotency keys on ${runtime}`, () => {
  it('a replayed create returns the first result (same status and body) and creates nothing', async () => {
    const body = applicationBody(policyId);
    const first = await call(api, 'POST', '/api/applications', customer, body, key('create-1'));
    expect(first.status).toBe(201);
    const before = { applications: await applications(), audit: await auditRows(), version: await clock() };

    const replay = await call(api, 'POST', '/api/applications', customer, body, key('create-1'));
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect({ applications: await applications(), audit: await auditRows(), version: await clock() }).toEqual(before);
    const stats = await api.sql<{ application_count: number }>('SELECT application_count FROM policy_stats WHERE policy_id = ?', policyId);
    expect(stats[0]?.application_count).toBe(1);
  });

  it('refuses the same id with a different body: 422 idempotency_mismatch, nothing created', async () => {
    const before = await applications();
    const res = await call(api, 'POST', '/api/applications', customer, applicationBody(policyId, { name: 'Someone Else' }), key('create-1'));
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('idempotency_mismatch');
    expect(await applications()).toBe(before);
    // Nor may the id be reused for another kind of write.
    const id = await apply(api, customer, policyId);
    const elsewhere = await call(api, 'DELETE', `/api/applications/${id}`, customer, undefined, key('create-1'));
    expect(elsewhere.status).toBe(422);
    expect((await call(api, 'GET', `/api/applications/${id}`, customer)).status).toBe(200);
  });

  it('scopes ids per user: the same id from two users makes two separate applications', async () => {
    const mine = await call(api, 'POST', '/api/applications', customer, applicationBody(policyId), key('shared-id'));
    const theirs = await call(api, 'POST', '/api/applications', other, applicationBody(policyId), key('shared-id'));
    expect(mine.status).toBe(201);
    expect(theirs.status).toBe(201);
    expect(theirs.body.insertedId).not.toBe(mine.body.insertedId);
    expect(theirs.body.application.userEmail).toBe(other.email);
    expect(mine.body.application.userEmail).toBe(customer.email);
    expect(await applicationsOf(other)).toBe(1);
    // Each user's replay gets their own first result, never the other's.
    const replay = await call(api, 'POST', '/api/applications', other, applicationBody(policyId), key('shared-id'));
    expect(replay.body.insertedId).toBe(theirs.body.insertedId);
  });

  it('two concurrent requests with one id make one effect, and both answer with it', async () => {
    const before = await applicationsOf(customer);
    const body = applicationBody(policyId, { name: 'Concurrent' });
    const answers = await Promise.all([1, 2, 3].map(() => call(api, 'POST', '/api/applications', customer, body, key('same-moment'))));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.insertedId)).size).toBe(1);
    expect(await applicationsOf(customer)).toBe(before + 1);
    expect(await count(api, `SELECT count(*) AS n FROM processed_mutations WHERE mutation_id = 'same-moment'`)).toBe(1);
  });

  it('replays a decision with its first answer, even after the state has moved on', async () => {
    const id = await apply(api, customer, policyId);
    const assigned = await assign(api, admin, id, agent, key('assign-1'));
    expect(assigned.status).toBe(200);
    const approved = await decide(api, agent, id, 'approved', key('decide-1'));
    expect(approved.status).toBe(200);

    const auditBefore = await auditRows();
    const replayAssign = await assign(api, admin, id, agent, key('assign-1'));
    expect(replayAssign.status).toBe(200);
    expect(replayAssign.body).toEqual(assigned.body);
    const replayDecide = await decide(api, agent, id, 'approved', key('decide-1'));
    expect(replayDecide.body).toEqual(approved.body);
    expect(await auditRows()).toBe(auditBefore);

    // A new id for the same (now impossible) decision is refused with the current state.
    const fresh = await decide(api, agent, id, 'rejected', key('decide-2'));
    expect(fresh.status).toBe(409);
    // And a refusal replays as the same refusal.
    const freshAgain = await decide(api, agent, id, 'rejected', key('decide-2'));
    expect(freshAgain.status).toBe(409);
    expect(freshAgain.body).toEqual(fresh.body);
    // The id is the agent's own: the admin using it is a different mutation.
    const adminUse = await adminReject(api, admin, id, key('decide-2'));
    expect(adminUse.status).toBe(409);
    expect(adminUse.body.message).toBe('This application was already approved');
  });

  it('replays a delete as deleted, not as not-found', async () => {
    const id = await apply(api, customer, policyId);
    const first = await call(api, 'DELETE', `/api/applications/${id}`, customer, undefined, key('delete-1'));
    expect(first.status).toBe(200);
    const again = await call(api, 'DELETE', `/api/applications/${id}`, customer, undefined, key('delete-1'));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const withoutKey = await call(api, 'DELETE', `/api/applications/${id}`, customer);
    expect(withoutKey.status).toBe(404);
  });

  it('replays an assignment even after its agent stopped being one', async () => {
    const leaving = await createTestUser(api, 'agent');
    const id = await apply(api, customer, policyId);
    const first = await assign(api, admin, id, leaving, key('assign-leaving'));
    expect(first.status).toBe(200);
    await api.sql(`UPDATE users SET role = 'user' WHERE id = ?`, leaving.id);
    const replay = await assign(api, admin, id, leaving, key('assign-leaving'));
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    // A new request, though, is checked afresh.
    const fresh = await assign(api, admin, id, leaving, key('assign-leaving-2'));
    expect(fresh.status).toBe(422);
  });

  it('refuses a malformed key', async () => {
    const res = await call(api, 'POST', '/api/applications', customer, applicationBody(policyId), key('has spaces in it'));
    expect(res.status).toBe(400);
  });
});
