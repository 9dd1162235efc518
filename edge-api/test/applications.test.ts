import { beforeAll, describe, expect, it } from 'vitest';
import { useApi } from './support/app.ts';
import { adminReject, applicationBody, apply, assign, call, count, decide, expectStatuses, insertPolicy, type Json } from './support/calls.ts';
import { nomineeRelationshipChoices } from '../src/schemas/application.ts';
import { runtime } from './support/target.ts';
import type { TestUser } from './support/users.ts';

const { api, admin, agent, otherAgent, customer, stranger } = useApi({
  admin: 'admin',
  agent: 'agent',
  otherAgent: 'agent',
  customer: 'user',
  stranger: 'user',
});

let policyId: string;

beforeAll(async () => {
  policyId = (await insertPolicy(api, { title: 'Family Shield', category: 'Term Life' })).id as string;
});

const get = (id: string, user: TestUser) => call(api, 'GET', `/api/applications/${id}`, user);
const decisionsOf = (id: string) =>
  count(api, `SELECT count(*) AS n FROM audit_log WHERE entity_id = ? AND action IN ('application.approve', 'application.reject')`, id);

describe(`applying on ${runtime}`, () => {
  it('creates a pending, unpaid application owned by the signed-in user, whatever the body says', async () => {
    const res = await call(api, 'POST', '/api/applications', customer, {
      ...applicationBody(policyId),
      email: stranger.email,
      userEmail: stranger.email,
      status: 'approved',
      paymentStatus: 'paid',
      assignedAgent: agent.email,
      appliedAt: '2000-01-01T00:00:00.000Z',
    });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    const application = res.body.application;
    expect(application).toMatchObject({
      id: res.body.insertedId,
      ...applicationBody(policyId),
      email: customer.email,
      userEmail: customer.email,
      policyName: 'Family Shield',
      category: 'Term Life',
      policyType: 'Term Life',
      status: 'pending',
      paymentStatus: 'unpaid',
      assignedAgent: null,
      assignedAt: null,
      decidedAt: null,
    });
    expect(application.appliedAt).not.toBe('2000-01-01T00:00:00.000Z');
    expect(Date.parse(application.appliedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(application.version).toBeGreaterThan(0);
    // What the owner reads back is what they were answered.
    // …and whether its number is the owner's proven one (issue 50): this one was only typed.
    expect((await get(application.id, customer)).body).toEqual({ ...application, phoneVerified: false });
  });

  it('refuses visitors with 401 and says which field is wrong', async () => {
    expect((await call(api, 'POST', '/api/applications', null, applicationBody(policyId))).status).toBe(401);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '  ' }, 'name', 'Name is required'],
      [{ address: undefined }, 'address', 'Address is required'],
      [{ nid: '12ab' }, 'nid', 'Please enter a Bangladeshi NID number: 10, 13 or 17 digits'],
      [{ phone: 'call me later' }, 'phone', 'Please enter a Bangladeshi mobile number'],
      [{ nomineeName: '' }, 'nomineeName', 'Nominee name is required'],
      [{ relationship: undefined }, 'relationship', 'Relationship is required'],
      [{ relationship: '  ' }, 'relationship', 'Relationship is required'],
      [{ relationship: 'Neighbour' }, 'relationship', 'Relationship must be one of: Spouse, Parent, Child, Sibling, Grandchild, Other'],
      [{ healthConditions: ['Flu'] }, 'healthConditions.0', 'Health conditions must be among'],
      [{ policyId: undefined }, 'policyId', 'Please choose a policy'],
    ];
    for (const [change, field, message] of cases) {
      const res = await call(api, 'POST', '/api/applications', customer, applicationBody(policyId, change));
      expect(res.status, field).toBe(400);
      expect(res.body.error).toBe('validation_failed');
      expect(res.body.fields[field], field).toContain(message);
    }
    const unknownPolicy = await call(api, 'POST', '/api/applications', customer, applicationBody('no-such-policy'));
    expect(unknownPolicy.status).toBe(422);
    expect(unknownPolicy.body.fields.policyId).toBe('This policy is not offered any more');
  });

  it('stores an NID and a phone typed in Bengali digits in ASCII digits', async () => {
    const res = await call(api, 'POST', '/api/applications', customer, applicationBody(policyId, { nid: '১৯৯৫১২৩৪০০০১১', phone: '০১৭১১৫৫৫০০১' }));
    expect(res.status).toBe(201);
    expect(res.body.application).toMatchObject({ nid: '1995123400011', phone: '+8801711555001' });
  });

  it('takes every relationship the Apply form offers, Grandchild included', async () => {
    for (const relationship of nomineeRelationshipChoices) {
      const res = await call(api, 'POST', '/api/applications', customer, applicationBody(policyId, { relationship }));
      expect(res.status, relationship).toBe(201);
      expect(res.body.application.relationship).toBe(relationship);
      // Withdrawn again: a person's open applications for one policy are limited.
      expect((await call(api, 'DELETE', `/api/applications/${res.body.insertedId}`, customer)).status).toBe(200);
    }
  });

  it('accepts a numeric NID and an absent phone', async () => {
    const res = await call(api, 'POST', '/api/applications', customer, applicationBody(policyId, { nid: 1987654321, phone: undefined }));
    expect(res.status).toBe(201);
    expect(res.body.application).toMatchObject({ nid: '1987654321', phone: null });
  });
});

describe(`the decision lifecycle on ${runtime}`, () => {
  it('apply, assign, approve: each step recorded in the audit log with who did it', async () => {
    const id = await apply(api, customer, policyId);
    const assigned = await assign(api, admin, id, agent);
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({ success: true, application: { id, status: 'assigned', assignedAgent: agent.email } });
    expect(assigned.body.application.assignedAt).toBeTruthy();

    const approved = await decide(api, agent, id, 'approved');
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      success: true,
      message: 'Policy claim approved successfully.',
      application: { id, status: 'approved', assignedAgent: agent.email, paymentStatus: 'unpaid' },
    });
    expect(approved.body.application.decidedAt).toBeTruthy();

    const audit = await api.sql<{ action: string; actor_email: string; from_value: string | null; to_value: string | null }>(
      'SELECT action, actor_email, from_value, to_value FROM audit_log WHERE entity_id = ? ORDER BY id',
      id,
    );
    expect(audit).toEqual([
      { action: 'application.create', actor_email: customer.email, from_value: null, to_value: 'pending' },
      { action: 'application.assign', actor_email: admin.email, from_value: 'pending', to_value: `assigned to ${agent.email}` },
      { action: 'application.approve', actor_email: agent.email, from_value: 'assigned', to_value: 'approved' },
    ]);
  });

  it('apply, admin reject', async () => {
    const id = await apply(api, customer, policyId);
    const rejected = await adminReject(api, admin, id);
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ success: true, application: { status: 'rejected' } });
    expect((await get(id, customer)).body.status).toBe('rejected');
  });

  it('an agent may reject a claim assigned to them', async () => {
    const id = await apply(api, customer, policyId);
    await assign(api, admin, id, agent);
    const res = await decide(api, agent, id, 'rejected');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Policy claim rejected.', application: { status: 'rejected' } });
  });

  it('refuses every transition outside the state machine with 409 and the current state', async () => {
    const approvedId = await apply(api, customer, policyId);
    await assign(api, admin, approvedId, agent);
    await decide(api, agent, approvedId, 'approved');
    const rejectedId = await apply(api, customer, policyId);
    await adminReject(api, admin, rejectedId);

    const expectConflict = (res: { status: number; body: Json }, status: string, paymentStatus: string, message: string) => {
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: 'conflict', message, details: { status, paymentStatus } });
    };
    expectConflict(await assign(api, admin, approvedId, agent), 'approved', 'unpaid', 'This application was already approved');
    expectConflict(await adminReject(api, admin, approvedId), 'approved', 'unpaid', 'This application was already approved');
    expectConflict(await decide(api, agent, approvedId, 'rejected'), 'approved', 'unpaid', 'This application was already approved');
    expectConflict(await decide(api, agent, approvedId, 'approved'), 'approved', 'unpaid', 'This application was already approved');
    expectConflict(await assign(api, admin, rejectedId, agent), 'rejected', 'unpaid', 'This application was already rejected');
    expectConflict(await adminReject(api, admin, rejectedId), 'rejected', 'unpaid', 'This application was already rejected');

    // Nothing moved.
    expect((await get(approvedId, admin)).body.status).toBe('approved');
    expect((await get(rejectedId, admin)).body.status).toBe('rejected');
  });

  it('paying never freezes the work: a paid application is assigned and decided like an unpaid one (issue 26)', async () => {
    const paidId = await apply(api, customer, policyId);
    await api.sql(`UPDATE applications SET payment_status = 'paid' WHERE id = ?`, paidId);
    expect((await assign(api, admin, paidId, agent)).status).toBe(200);
    expect((await decide(api, agent, paidId, 'approved')).status).toBe(200);
    expect((await get(paidId, admin)).body).toMatchObject({ status: 'approved', paymentStatus: 'paid' });
  });

  it('lets only the assigned agent decide, and only agents: others get 403', async () => {
    const id = await apply(api, customer, policyId);
    // Not assigned to anyone yet.
    expect((await decide(api, agent, id, 'approved')).status).toBe(403);
    await assign(api, admin, id, agent);
    const other = await decide(api, otherAgent, id, 'approved');
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('This application is not assigned to you.');
    expect((await decide(api, admin, id, 'approved')).status).toBe(403);
    expect((await decide(api, customer, id, 'approved')).status).toBe(403);
    expect((await get(id, admin)).body.status).toBe('assigned');
    expect(await decisionsOf(id)).toBe(0);
  });

  it('re-assigns to another agent, after which the first agent can no longer decide', async () => {
    const id = await apply(api, customer, policyId);
    await assign(api, admin, id, agent);
    const again = await assign(api, admin, id, otherAgent);
    expect(again.status).toBe(200);
    expect(again.body.application.assignedAgent).toBe(otherAgent.email);
    expect((await decide(api, agent, id, 'approved')).status).toBe(403);
    expect((await decide(api, otherAgent, id, 'approved')).status).toBe(200);
  });

  it('assigns approved agents only (users whose role is agent)', async () => {
    const id = await apply(api, customer, policyId);
    for (const email of [stranger.email, 'nobody@test.local', admin.email]) {
      const res = await call(api, 'PATCH', `/api/applications/assign/${id}`, admin, { agentEmail: email });
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(`${email} is not an approved agent. Please select an agent from the list.`);
    }
    const none = await call(api, 'PATCH', `/api/applications/assign/${id}`, admin, {});
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Please select an agent first.');
    expect((await call(api, 'PATCH', `/api/applications/assign/${id}`, agent, { agentEmail: agent.email })).status).toBe(403);
    expect((await adminReject(api, agent, id)).status).toBe(403);
    expect((await get(id, admin)).body.status).toBe('pending');
    expect((await assign(api, admin, 'no-such-id', agent)).status).toBe(404);
  });

  it('two concurrent decisions make exactly one change; the other gets 409', async () => {
    const id = await apply(api, customer, policyId);
    await assign(api, admin, id, agent);
    const [approve, reject] = await Promise.all([decide(api, agent, id, 'approved'), adminReject(api, admin, id)]);
    expect([approve.status, reject.status].sort()).toEqual([200, 409]);
    const winner = approve.status === 200 ? 'approved' : 'rejected';
    const loser = approve.status === 200 ? reject : approve;
    expect(loser.body.details).toEqual({ status: winner, paymentStatus: 'unpaid' });
    expect((await get(id, admin)).body.status).toBe(winner);
    expect(await decisionsOf(id)).toBe(1);

    // The same agent deciding twice at once: one approval, one 409.
    const id2 = await apply(api, customer, policyId);
    await assign(api, admin, id2, agent);
    const both = await Promise.all([decide(api, agent, id2, 'approved'), decide(api, agent, id2, 'rejected')]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await decisionsOf(id2)).toBe(1);
    const state = (await get(id2, admin)).body.status;
    expect(both.find((r) => r.status === 200)?.body.application.status).toBe(state);
  });
});

describe(`whose applications on ${runtime}`, () => {
  let mine: string;
  let theirs: string;
  beforeAll(async () => {
    mine = await apply(api, customer, policyId);
    theirs = await apply(api, stranger, policyId);
    await assign(api, admin, theirs, otherAgent);
  });

  it('lists one’s own applications, and refuses another user’s email with 403', async () => {
    const own = await call(api, 'GET', `/api/applications?email=${encodeURIComponent(customer.email)}`, customer);
    expect(own.status).toBe(200);
    expect(own.body.length).toBeGreaterThan(0);
    expect(own.body.every((a: Json) => a.userEmail === customer.email)).toBe(true);
    expect(own.body.map((a: Json) => a.id)).toContain(mine);
    const noEmail = await call(api, 'GET', '/api/applications', customer);
    expect(noEmail.body.map((a: Json) => a.id).sort()).toEqual(own.body.map((a: Json) => a.id).sort());

    const other = await call(api, 'GET', `/api/applications?email=${encodeURIComponent(stranger.email)}`, customer);
    expect(other.status).toBe(403);
    const asAdmin = await call(api, 'GET', `/api/applications?email=${encodeURIComponent(stranger.email)}`, admin);
    expect(asAdmin.body.map((a: Json) => a.id)).toEqual([theirs]);
    expect((await call(api, 'GET', '/api/applications', null)).status).toBe(401);
  });

  it('shows one application to its owner, its agent and admins; 403 to others, 404 when unknown', async () => {
    expect((await get(theirs, stranger)).status).toBe(200);
    expect((await get(theirs, otherAgent)).status).toBe(200);
    expect((await get(theirs, admin)).status).toBe(200);
    const denied = await get(theirs, customer);
    expect(denied.status).toBe(403);
    expect(JSON.stringify(denied.body)).not.toContain(stranger.email);
    expect((await get(theirs, agent)).status).toBe(403);
    const missing = await get('no-such-application', admin);
    expect(missing.status).toBe(404);
  });

  it('lists all applications for admins only', async () => {
    const all = await call(api, 'GET', '/api/applications/all', admin);
    expect(all.status).toBe(200);
    expect(all.body.map((a: Json) => a.id)).toEqual(expect.arrayContaining([mine, theirs]));
    expect((await call(api, 'GET', '/api/applications/all', customer)).status).toBe(403);
    expect((await call(api, 'GET', '/api/applications/all', agent)).status).toBe(403);
  });

  it('lists the applications assigned to an agent, to that agent or an admin', async () => {
    const own = await call(api, 'GET', `/api/applications/assigned/${encodeURIComponent(otherAgent.email)}`, otherAgent);
    expect(own.status).toBe(200);
    expect(own.body.map((a: Json) => a.id)).toContain(theirs);
    expect(own.body.every((a: Json) => a.assignedAgent === otherAgent.email)).toBe(true);
    await expectStatuses(api, [
      ['GET', `/api/applications/assigned/${encodeURIComponent(otherAgent.email)}`, agent, 403],
      ['GET', `/api/applications/assigned/${encodeURIComponent(otherAgent.email)}`, admin, 200],
      ['GET', `/api/applications/assigned/${encodeURIComponent(customer.email)}`, customer, 403],
    ]);
  });

  it('a user cannot delete another user’s application; the owner can while it is pending', async () => {
    const denied = await call(api, 'DELETE', `/api/applications/${theirs}`, customer);
    expect(denied.status).toBe(403);
    expect((await get(theirs, stranger)).status).toBe(200);

    const gone = await call(api, 'DELETE', `/api/applications/${mine}`, customer);
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ success: true, deletedCount: 1, message: 'Application deleted' });
    const again = await call(api, 'DELETE', `/api/applications/${mine}`, customer);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Application not found or already deleted');
    expect((await get(mine, customer)).status).toBe(404);
    const audit = await api.sql<{ action: string; from_value: string }>(
      `SELECT action, from_value FROM audit_log WHERE entity_id = ? AND action = 'application.delete'`,
      mine,
    );
    expect(audit).toEqual([{ action: 'application.delete', from_value: 'pending' }]);
  });

  it('the owner cannot delete once assigned (409); an admin can, but never a paid one', async () => {
    const ownerTry = await call(api, 'DELETE', `/api/applications/${theirs}`, stranger);
    expect(ownerTry.status).toBe(409);
    expect(ownerTry.body.details).toEqual({ status: 'assigned', paymentStatus: 'unpaid' });

    const paid = await apply(api, stranger, policyId);
    await api.sql(`UPDATE applications SET payment_status = 'paid' WHERE id = ?`, paid);
    const paidTry = await call(api, 'DELETE', `/api/applications/${paid}`, admin);
    expect(paidTry.status).toBe(409);
    expect(paidTry.body.message).toBe('A paid application cannot be deleted');

    expect((await call(api, 'DELETE', `/api/applications/${theirs}`, admin)).status).toBe(200);
    expect((await get(theirs, admin)).status).toBe(404);
  });

  it('counts an application towards its policy’s popularity', async () => {
    // Two policies alike but for one application; the newer one would come first on a tie.
    const popular = await insertPolicy(api, { title: 'Most Applied', creation_date: '2026-01-01T00:00:00.000Z' });
    const quiet = await insertPolicy(api, { title: 'Not Applied', creation_date: '2026-06-01T00:00:00.000Z' });
    await apply(api, customer, popular.id as string);
    const top = (await call(api, 'GET', '/api/policies/6', null)).body.map((p: Json) => p.id);
    expect(top.indexOf(popular.id)).toBeGreaterThanOrEqual(0);
    expect(top.indexOf(popular.id)).toBeLessThan(top.indexOf(quiet.id));
    const stats = await api.sql<{ application_count: number }>('SELECT application_count FROM policy_stats WHERE policy_id = ?', popular.id);
    expect(stats[0]?.application_count).toBe(1);
  });
});
