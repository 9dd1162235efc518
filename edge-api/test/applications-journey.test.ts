/**
 * The "done when", through the API alone: a user applies, the admin assigns the agent,
 * the agent approves; the admin statistics and the audit log show it; a replayed push changes
 * nothing.
 */
import { describe, expect, it } from 'vitest';
import { useApi } from './support/app.ts';
import { applicationBody, call, type Json } from './support/calls.ts';
import { runtime } from './support/target.ts';

const { api, admin, agent, customer } = useApi({ admin: 'admin', agent: 'agent', customer: 'user' });

describe(`the whole journey on ${runtime}`, () => {
  it('apply (offline push), assign, approve (offline push); stats and audit show it; replays change nothing', async () => {
    // The admin adds the policy.
    const policy = await call(api, 'POST', '/api/policies', admin, {
      title: 'Journey Term Life',
      category: 'Term Life',
      description: 'Cover for the whole family.',
      shortDetails: '20 to 60',
      minAge: 20,
      maxAge: 60,
      coverageRange: 100_000_000,
      duration: 10,
      basePremium: 10_000_000,
      image: 'https://img.example.test/journey.png',
    });
    expect(policy.status).toBe(201);
    const policyId = policy.body.insertedId as string;

    // The customer applied offline: the outbox pushes it with its mutation id.
    const applyPush = { mutations: [{ mutationId: 'journey-apply', type: 'application.create', payload: applicationBody(policyId) }] };
    const applied = await call(api, 'POST', '/api/sync/push', customer, applyPush);
    expect(applied.status).toBe(200);
    expect(applied.body.results[0]).toMatchObject({ result: 'applied', status: 201 });
    const id = applied.body.results[0].body.insertedId as string;
    const mine = await call(api, 'GET', '/api/applications', customer);
    expect(mine.body.map((a: Json) => [a.id, a.status, a.policyName])).toEqual([[id, 'pending', 'Journey Term Life']]);

    // The admin sees it pending and assigns the agent.
    expect((await call(api, 'GET', '/api/admin-stats', admin)).body).toMatchObject({ totalApplications: 1, pendingApplications: 1, totalAgents: 1 });
    const assigned = await call(api, 'PATCH', `/api/applications/assign/${id}`, admin, { agentEmail: agent.email });
    expect(assigned.status).toBe(200);

    // The agent finds it among their customers and approves it from the field (push).
    const customers = await call(api, 'GET', `/api/applications/assigned/${encodeURIComponent(agent.email)}`, agent);
    expect(customers.body.map((a: Json) => a.id)).toEqual([id]);
    const decidePush = { mutations: [{ mutationId: 'journey-approve', type: 'application.decide', payload: { id, status: 'approved' } }] };
    const approved = await call(api, 'POST', '/api/sync/push', agent, decidePush);
    expect(approved.body.results[0]).toMatchObject({ result: 'applied', status: 200, body: { message: 'Policy claim approved successfully.' } });

    // The customer sees the decision.
    const seen = await call(api, 'GET', `/api/applications/${id}`, customer);
    expect(seen.body).toMatchObject({ status: 'approved', assignedAgent: agent.email, paymentStatus: 'unpaid' });

    // The admin statistics and the audit log show it.
    const stats = (await call(api, 'GET', '/api/admin-stats', admin)).body;
    expect(stats).toEqual({ totalUsers: 3, totalPolicies: 1, totalApplications: 1, totalAgents: 1, pendingApplications: 0, totalPayments: 0, premiums: { collectedThisMonthMinor: 0, paymentsThisMonth: 0, persistency: { started: 0, inForce: 0, share: null } } });
    const audit = (await call(api, 'GET', '/api/audit?limit=10', admin)).body;
    expect(audit.items.map((i: Json) => [i.action, i.actorEmail, i.entityId, i.from, i.to])).toEqual([
      ['application.approve', agent.email, id, 'assigned', 'approved'],
      ['application.assign', admin.email, id, 'pending', `assigned to ${agent.email}`],
      ['application.create', customer.email, id, null, 'pending'],
      ['policy.create', admin.email, policyId, null, 'Journey Term Life'],
    ]);
    expect(audit.nextCursor).toBeNull();

    // Both pushes arrive again (a reply was lost): duplicates, and nothing changes anywhere.
    const version = async () => (await call(api, 'GET', '/api/sync', admin)).body.cursor;
    const before = { version: await version(), audit: await api.sql('SELECT * FROM audit_log ORDER BY id'), apps: await api.sql('SELECT * FROM applications') };
    const applyAgain = await call(api, 'POST', '/api/sync/push', customer, applyPush);
    const decideAgain = await call(api, 'POST', '/api/sync/push', agent, decidePush);
    expect(applyAgain.body.results[0]).toEqual({ ...applied.body.results[0], result: 'duplicate' });
    expect(decideAgain.body.results[0]).toEqual({ ...approved.body.results[0], result: 'duplicate' });
    const after = { version: await version(), audit: await api.sql('SELECT * FROM audit_log ORDER BY id'), apps: await api.sql('SELECT * FROM applications') };
    expect(after).toEqual(before);
    expect((await call(api, 'GET', '/api/admin-stats', admin)).body).toEqual(stats);
  });
});
