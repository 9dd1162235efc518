import { beforeAll, describe, expect, it } from 'vitest';
import { useApi } from './support/app.ts';
import { adminReject, apply, assign, call, decide, expectAdminOnly, expectStatuses, insertPolicy, type Json } from './support/calls.ts';
import { runtime } from './support/target.ts';
import type { TestUser } from './support/users.ts';

const { api, admin, agent, customer, other } = useApi({
  admin: 'admin',
  agent: 'agent',
  customer: { role: 'user', email: 'rina.akter@example.test' },
  other: { role: 'user', email: 'kamal@example.test' },
});

/** A payment row as the payments module records one, for an application of `user`. */
async function insertPayment(user: TestUser, policyId: string, policyName: string, paidAt: string, amountMinor = 5000) {
  const applicationId = await apply(api, user, policyId);
  await api.sql(`UPDATE applications SET payment_status = 'paid' WHERE id = ?`, applicationId);
  const id = crypto.randomUUID();
  await api.sql(
    `INSERT INTO payments (id, application_id, transaction_id, provider, email, policy_name, amount_minor, currency, paid_at)
     VALUES (?, ?, ?, 'demo', ?, ?, ?, 'bdt', ?)`,
    id,
    applicationId,
    `pi_${id.slice(0, 8)}`,
    user.email,
    policyName,
    amountMinor,
    paidAt,
  );
  return { id, applicationId };
}

describe(`admin statistics on ${runtime}`, () => {
  it('counts users, policies, applications, agents, pending applications and payments', async () => {
    const empty = await call(api, 'GET', '/api/admin-stats', admin);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ totalUsers: 4, totalPolicies: 0, totalApplications: 0, totalAgents: 1, pendingApplications: 0, totalPayments: 0, premiums: { collectedThisMonthMinor: 0, paymentsThisMonth: 0, persistency: { started: 0, inForce: 0, share: null } } });

    const policy = await insertPolicy(api, { title: 'Term Plus' });
    await insertPolicy(api);
    const a = await apply(api, customer, policy.id as string);
    const b = await apply(api, customer, policy.id as string);
    await apply(api, other, policy.id as string);
    await assign(api, admin, a, agent);
    await adminReject(api, admin, b);
    await insertPayment(other, policy.id as string, 'Term Plus', '2026-03-01T10:00:00.000Z');

    const stats = await call(api, 'GET', '/api/admin-stats', admin);
    // 4 applications: a (assigned), b (rejected), one pending, and the paid one (pending). No premium
    // has been paid (the application fee is none), and no policy started a year ago (issue 49).
    expect(stats.body).toEqual({ totalUsers: 4, totalPolicies: 2, totalApplications: 4, totalAgents: 1, pendingApplications: 2, totalPayments: 1, premiums: { collectedThisMonthMinor: 0, paymentsThisMonth: 0, persistency: { started: 0, inForce: 0, share: null } } });
  });

  it('is for admins only', async () => {
    await expectAdminOnly(api, 'GET', '/api/admin-stats', agent, customer);
  });
});

describe(`the transaction list on ${runtime}`, () => {
  let ids: Record<string, string>;
  beforeAll(async () => {
    await api.sql('DELETE FROM payments');
    const term = (await insertPolicy(api, { title: 'Family Term Shield' })).id as string;
    const child = (await insertPolicy(api, { title: 'Child Education Plan' })).id as string;
    ids = {
      early: (await insertPayment(customer, term, 'Family Term Shield', '2026-04-30T23:59:59.999Z')).id,
      startOfMay: (await insertPayment(customer, child, 'Child Education Plan', '2026-05-01T00:00:00.000Z')).id,
      midMay: (await insertPayment(other, term, 'Family Term Shield', '2026-05-15T12:00:00.000Z', 5000)).id,
      endOfMay: (await insertPayment(other, child, 'Child Education Plan', '2026-05-31T23:59:59.999Z')).id,
      june: (await insertPayment(customer, term, 'Family Term Shield', '2026-06-01T00:00:00.000Z')).id,
    };
  });

  const list = async (query = '') => {
    const res = await call(api, 'GET', `/api/payments/all${query}`, admin);
    expect(res.status).toBe(200);
    return res.body as Json[];
  };
  const idsOf = (items: Json[]) => items.map((p) => p.id).sort();

  it('lists every payment, newest first, in the transaction screen’s shape', async () => {
    const all = await list();
    expect(all.map((p) => p.id)).toEqual([ids.june, ids.endOfMay, ids.midMay, ids.startOfMay, ids.early]);
    const mid = all.find((p) => p.id === ids.midMay);
    expect(mid).toEqual({
      id: ids.midMay,
      transactionId: expect.stringMatching(/^pi_/),
      email: other.email,
      policyName: 'Family Term Shield',
      amount: 50,
      amountMinor: 5000,
      currency: 'bdt',
      paidAt: '2026-05-15T12:00:00.000Z',
      applicationId: expect.any(String),
      status: 'Success',
      refundedAt: null,
    });
  });

  it('filters by day, inclusive from the start of From to the end of To (UTC)', async () => {
    expect(idsOf(await list('?from=2026-05-01&to=2026-05-31'))).toEqual([ids.startOfMay, ids.midMay, ids.endOfMay].sort());
    expect(idsOf(await list('?from=2026-05-15&to=2026-05-15'))).toEqual([ids.midMay]);
    expect(idsOf(await list('?from=2026-05-31'))).toEqual([ids.endOfMay, ids.june].sort());
    expect(idsOf(await list('?to=2026-04-30'))).toEqual([ids.early]);
  });

  it('matches email and policy name as case-insensitive substrings, combined with dates', async () => {
    expect(idsOf(await list('?email=RINA.AKTER'))).toEqual([ids.early, ids.startOfMay, ids.june].sort());
    expect(idsOf(await list('?policyName=education'))).toEqual([ids.startOfMay, ids.endOfMay].sort());
    expect(idsOf(await list('?policyName=TERM&email=kamal&from=2026-05-01&to=2026-05-31'))).toEqual([ids.midMay]);
    expect(await list('?email=%25')).toEqual([]);
    expect(await list('?policyName=nothing-like-this')).toEqual([]);
  });

  it('refuses malformed dates, a reversed range, and non-admins', async () => {
    await expectStatuses(api, [
      ['GET', '/api/payments/all?from=05/01/2026', admin, 400],
      ['GET', '/api/payments/all?from=2026-02-30', admin, 400],
      ['GET', '/api/payments/all?from=2026-06-01&to=2026-05-01', admin, 400],
    ]);
    await expectAdminOnly(api, 'GET', '/api/payments/all', customer, agent);
  });
});

describe(`the audit log on ${runtime}`, () => {
  it('shows who did what, newest first, page by page with a cursor', async () => {
    const policy = await insertPolicy(api);
    const id = await apply(api, customer, policy.id as string);
    await assign(api, admin, id, agent);
    await decide(api, agent, id, 'approved');

    const first = await call(api, 'GET', `/api/audit?limit=2`, admin);
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(2);
    expect(first.body.items[0]).toMatchObject({
      actorId: agent.id,
      actorEmail: agent.email,
      action: 'application.approve',
      entity: 'applications',
      entityId: id,
      from: 'assigned',
      to: 'approved',
    });
    expect(Date.parse(first.body.items[0].at)).not.toBeNaN();
    expect(first.body.items[1]).toMatchObject({ action: 'application.assign', actorEmail: admin.email, to: `assigned to ${agent.email}` });
    expect(first.body.nextCursor).toEqual(expect.any(String));

    const second = await call(api, 'GET', `/api/audit?limit=2&before=${first.body.nextCursor}`, admin);
    expect(second.body.items[0]).toMatchObject({ action: 'application.create', actorEmail: customer.email, entityId: id });
    expect(second.body.items[0].id).toBeLessThan(first.body.items[1].id);

    // Walking every page visits each row once, and the last page says there is no more.
    const seen = new Set<number>();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Json = await call(api, 'GET', `/api/audit?limit=5${cursor ? `&before=${cursor}` : ''}`, admin);
      for (const item of page.body.items) {
        expect(seen.has(item.id)).toBe(false);
        seen.add(item.id);
      }
      cursor = page.body.nextCursor;
      pages += 1;
    } while (cursor && pages < 100);
    const total = await api.sql<{ n: number }>('SELECT count(*) AS n FROM audit_log');
    expect(seen.size).toBe(total[0]?.n);

    const forOne = await call(api, 'GET', `/api/audit?entity=applications&entityId=${id}`, admin);
    expect(forOne.body.items.map((i: Json) => i.action)).toEqual(['application.approve', 'application.assign', 'application.create']);
  });

  it('is for admins only, and checks its parameters', async () => {
    await expectAdminOnly(api, 'GET', '/api/audit', agent, customer);
    await expectStatuses(api, [
      ['GET', '/api/audit?limit=0', admin, 400],
      ['GET', '/api/audit?before=abc', admin, 400],
    ]);
  });
});
