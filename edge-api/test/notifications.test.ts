/**
 * Issue 28: each change tells exactly the right people, once, in their inbox; nobody else
 * hears of it. The inbox is the person's own, newest first and paged; a read mark reaches
 * the person's other devices through GET /sync.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminReject, apply, assign, call, decide, insertPolicy, type Json } from './support/calls.ts';
import { post, type IntentAnswer } from './support/payment-fixtures.ts';
import { pullEverything } from './support/sync-pulls.ts';
import { runtime, startApi, type ApiTarget } from './support/target.ts';
import { createTestUser, type TestUser } from './support/users.ts';

describe(`notifications on ${runtime}`, () => {
  let api: ApiTarget;
  let customer: TestUser;
  let otherCustomer: TestUser;
  let agent: TestUser;
  let otherAgent: TestUser;
  let admins: TestUser[];
  let everyone: TestUser[];
  let policyId: string;
  let policyTitle: string;

  beforeAll(async () => {
    api = await startApi();
    customer = await createTestUser(api, 'user');
    otherCustomer = await createTestUser(api, 'user');
    agent = await createTestUser(api, 'agent');
    otherAgent = await createTestUser(api, 'agent');
    admins = [await createTestUser(api, 'admin'), await createTestUser(api, 'admin')];
    everyone = [customer, otherCustomer, agent, otherAgent, ...admins];
    const policy = await insertPolicy(api);
    policyId = policy.id;
    policyTitle = policy.title;
  });
  afterAll(async () => {
    await api?.stop();
  });

  /** Every person's inbox now, by user id. */
  async function inboxes(): Promise<Map<string, Json[]>> {
    const all = new Map<string, Json[]>();
    for (const person of everyone) {
      const res = await call(api, 'GET', '/api/notifications?limit=100', person);
      expect(res.status).toBe(200);
      all.set(person.id, res.body.items);
    }
    return all;
  }

  /** Runs `change` and returns what it added to each inbox (by user id). */
  async function addedBy(change: () => Promise<unknown>): Promise<Map<string, Json[]>> {
    const before = await inboxes();
    await change();
    const after = await inboxes();
    const added = new Map<string, Json[]>();
    for (const [id, items] of after) {
      const known = new Set((before.get(id) ?? []).map((item: Json) => item.id));
      const fresh = items.filter((item: Json) => !known.has(item.id));
      if (fresh.length) added.set(id, fresh);
    }
    return added;
  }

  const only = (added: Map<string, Json[]>) => Object.fromEntries([...added].map(([id, items]) => [id, items.map((item: Json) => item.event)]));

  it('assigning tells the customer and the newly assigned agent, and nobody else; a refused change tells nobody', async () => {
    let id = '';
    const applied = await addedBy(async () => (id = await apply(api, customer, policyId)));
    expect(only(applied)).toEqual({});

    const assigned = await addedBy(async () => expect((await assign(api, admins[0]!, id, agent)).status).toBe(200));
    expect(only(assigned)).toEqual({ [customer.id]: ['application.assigned'], [agent.id]: ['claim.assigned'] });
    expect(assigned.get(customer.id)![0]).toMatchObject({ entityId: id, policyName: policyTitle, link: `/dashboard/applications/${id}`, readAt: null });
    expect(assigned.get(agent.id)![0]).toMatchObject({ link: '/dashboard/agentPolicyClearance' });

    // The same agent again: nothing new to tell.
    expect(only(await addedBy(async () => expect((await assign(api, admins[0]!, id, agent)).status).toBe(200)))).toEqual({});
    // Another agent: the claim is new to them, and the customer's application moved.
    const moved = await addedBy(async () => expect((await assign(api, admins[1]!, id, otherAgent)).status).toBe(200));
    expect(only(moved)).toEqual({ [customer.id]: ['application.assigned'], [otherAgent.id]: ['claim.assigned'] });

    const approved = await addedBy(async () => expect((await decide(api, otherAgent, id, 'approved')).status).toBe(200));
    expect(only(approved)).toEqual({ [customer.id]: ['application.approved'] });
    // Refused (already approved): no notification without its decision.
    const refused = await addedBy(async () => expect((await adminReject(api, admins[0]!, id)).status).toBe(409));
    expect(only(refused)).toEqual({});
  });

  it('a rejection by an admin or by the agent tells the customer once', async () => {
    const first = await apply(api, otherCustomer, policyId);
    expect(only(await addedBy(async () => expect((await adminReject(api, admins[0]!, first)).status).toBe(200)))).toEqual({
      [otherCustomer.id]: ['application.rejected'],
    });
    const second = await apply(api, otherCustomer, policyId);
    await assign(api, admins[0]!, second, agent);
    expect(only(await addedBy(async () => expect((await decide(api, agent, second, 'rejected')).status).toBe(200)))).toEqual({
      [otherCustomer.id]: ['application.rejected'],
    });
  });

  it('a payment confirmed and a refund tell the customer; a refused card tells every admin', async () => {
    const id = await apply(api, customer, policyId);
    // Assigned before it is paid (a paid application is not re-assigned); its agent rejects it later.
    await assign(api, admins[0]!, id, agent);
    const intent = (await (await post(api, '/api/create-payment-intent', { applicationId: id, amountInCents: 1 }, customer)).json()) as IntentAnswer;
    const declined = await addedBy(async () =>
      expect((await post(api, '/api/payments/demo/confirm', { paymentIntentId: intent.paymentIntentId, cardNumber: '4000 0000 0000 0002' }, customer)).status).toBe(402),
    );
    expect(only(declined)).toEqual(Object.fromEntries(admins.map((admin) => [admin.id, ['payment.refused']])));
    expect(declined.get(admins[0]!.id)![0]).toMatchObject({ entityId: id, policyName: policyTitle, link: '/dashboard/adminTransactions' });

    await post(api, '/api/payments/demo/confirm', { paymentIntentId: intent.paymentIntentId, cardNumber: '4242 4242 4242 4242' }, customer);
    const paid = await addedBy(async () => {
      expect((await post(api, '/api/payments/save', { applicationId: id, transactionId: intent.paymentIntentId }, customer)).status).toBe(201);
      // A replayed confirmation records nothing, and tells nothing.
      expect((await post(api, '/api/payments/save', { applicationId: id, transactionId: intent.paymentIntentId }, customer)).status).toBe(200);
    });
    expect(only(paid)).toEqual({ [customer.id]: ['payment.confirmed'] });

    const refunded = await addedBy(async () => expect((await decide(api, agent, id, 'rejected')).status).toBe(200));
    expect(refunded.get(customer.id)!.map((item: Json) => item.event).sort()).toEqual(['application.rejected', 'payment.refunded']);
    expect([...refunded.keys()]).toEqual([customer.id]);
  });

  it('an agent request tells every admin, once', async () => {
    const asker = await createTestUser(api, 'user');
    const body = { name: 'Karim Ahmed', phone: '+8801711111111', nid: '1990123456789', district: 'Dhaka' };
    const asked = await addedBy(async () => expect((await call(api, 'POST', '/api/agents', asker, body)).status).toBe(201));
    expect(only(asked)).toEqual(Object.fromEntries(admins.map((admin) => [admin.id, ['agent-request.submitted']])));
    // A second request while the first waits is refused, and tells nobody.
    expect(only(await addedBy(async () => expect((await call(api, 'POST', '/api/agents', asker, body)).status).toBe(409)))).toEqual({});
  });

  it('pages the inbox newest first, own items only, and marks read on every device through sync', async () => {
    const person = await createTestUser(api, 'user');
    everyone.push(person);
    for (let i = 0; i < 3; i++) {
      const id = await apply(api, person, policyId);
      await adminReject(api, admins[0]!, id);
    }
    const first = await call(api, 'GET', '/api/notifications?limit=2', person);
    expect(first.body).toMatchObject({ unread: 3 });
    expect(first.body.items).toHaveLength(2);
    const second = await call(api, 'GET', `/api/notifications?limit=2&before=${encodeURIComponent(first.body.next)}`, person);
    expect(second.body.items).toHaveLength(1);
    expect(second.body.next).toBeNull();
    const all = [...first.body.items, ...second.body.items];
    expect(all.map((item: Json) => item.createdAt)).toEqual([...all.map((item: Json) => item.createdAt)].sort().reverse());

    // Two devices hold the inbox through sync.
    const deviceA = await pullEverything(api, person);
    const deviceB = await pullEverything(api, person);
    expect(deviceA.changes.notifications.upserts.map((n: Json) => n.id).sort()).toEqual(all.map((n: Json) => n.id).sort());
    // Nobody else's pull carries them.
    const theirs = (await pullEverything(api, customer)).changes.notifications.upserts.map((n: Json) => n.id);
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.filter((id: string) => all.some((n: Json) => n.id === id))).toEqual([]);

    // Another person cannot mark it read (it is not theirs: 404), and it stays unread.
    expect((await call(api, 'POST', `/api/notifications/${all[0].id}/read`, customer)).status).toBe(404);
    const read = await call(api, 'POST', `/api/notifications/${all[0].id}/read`, person);
    expect(read.status).toBe(200);
    expect(read.body.notification.readAt).toEqual(expect.any(String));

    // Device B learns of the read mark with its next pull.
    const later = await pullEverything(api, person, deviceB.cursor);
    expect(later.changes.notifications.upserts).toEqual([expect.objectContaining({ id: all[0].id, readAt: read.body.notification.readAt })]);
    expect((await call(api, 'GET', '/api/notifications', person)).body.unread).toBe(2);
    expect((await call(api, 'POST', '/api/notifications/read-all', person)).body).toEqual({ marked: 2 });
    expect((await call(api, 'GET', '/api/notifications', person)).body.unread).toBe(0);
  });
});
