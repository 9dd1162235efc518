/**
 * The admin's growing lists, paged by the server: Manage Applications (search, status, order,
 * pages with a total) and the Transaction Dashboard (summary and income per local day over the
 * whole filtered range, the table a page at a time, days in the admin's time zone).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useApi } from './support/app.ts';
import { call, expectAdminOnly, expectStatuses, getPage, type Json, type Page } from './support/calls.ts';
import { insertAgentRequest, insertApplication, insertNumbered } from './support/records.ts';
import { runtime } from './support/target.ts';
import type { TestUser } from './support/users.ts';

const { api, admin, agent, rina, kamal } = useApi({
  admin: 'admin',
  agent: 'agent',
  rina: { role: 'user', email: 'rina.akter@example.test', name: 'Rina Akter' },
  kamal: { role: 'user', email: 'kamal@example.test', name: 'Kamal Hossain' },
});

/** A page filtered by status: `total` rows, all of that status. */
function expectOnly(page: Page, status: string, total: number) {
  expect(page.total).toBe(total);
  expect(page.items.every((item) => item.status === status)).toBe(true);
}

const minute = 60_000;
const at = (n: number) => new Date(Date.UTC(2026, 2, 1) + n * minute).toISOString();

describe(`Manage Applications, a page at a time, on ${runtime}`, () => {
  const statuses = ['pending', 'assigned', 'approved', 'rejected'] as const;
  beforeAll(async () => {
    // 45 applications: 30 by Rina for 'Term Life n', 15 by Kamal for 'Health Care n'; statuses rotate.
    await insertNumbered('app', 45, (n, id) =>
      insertApplication(api, n < 30 ? rina : kamal, { id, policy_name: n < 30 ? `Term Life ${n}` : `Health Care ${n}`, status: statuses[n % 4], applied_at: at(n) }),
    );
  });

  const search = (query: string) => getPage(api, `/api/applications/search${query}`, admin);

  it('pages newest first with the total, never a row twice', async () => {
    const first = await search('?pageSize=20');
    expect(first.total).toBe(45);
    expect(first.page).toBe(1);
    expect(first.items.map((a) => a.id).slice(0, 2)).toEqual(['app-44', 'app-43']);
    const second = await search('?pageSize=20&page=2');
    const third = await search('?pageSize=20&page=3');
    expect(third.items).toHaveLength(5);
    const all = [...first.items, ...second.items, ...third.items].map((a) => a.id);
    expect(new Set(all).size).toBe(45);
    expect((await search('?pageSize=20&page=4')).items).toEqual([]);
    expect(first.items[0]).toMatchObject({ id: 'app-44', name: 'Kamal Hossain', email: kamal.email, policyName: 'Health Care 44' });
  });

  it('searches applicant, email and policy case-insensitively, and filters by status', async () => {
    expect((await search('?q=kamal')).total).toBe(15);
    expect((await search('?q=RINA.AKTER%40')).total).toBe(30);
    expect((await search('?q=health%20care')).total).toBe(15);
    expect((await search('?q=Term%20Life%207')).items.map((a) => a.id)).toEqual(['app-07']);
    expect((await search('?q=%25')).total).toBe(0);
    expectOnly(await search('?status=pending&pageSize=100'), 'pending', 12);
    const kamalRejected = await search('?q=kamal&status=rejected');
    expect(kamalRejected.items.map((a) => a.id).sort()).toEqual(['app-31', 'app-35', 'app-39', 'app-43']);
  });

  it('orders oldest first or by applicant when asked', async () => {
    expect((await search('?sort=oldest&pageSize=2')).items.map((a) => a.id)).toEqual(['app-00', 'app-01']);
    expect((await search('?sort=applicant&pageSize=1')).items[0].name).toBe('Kamal Hossain');
  });

  it('refuses bad parameters and non-admins', async () => {
    for (const query of ['?page=0', '?pageSize=101', '?status=paid', '?sort=random', '?page=x']) {
      expect((await call(api, 'GET', `/api/applications/search${query}`, admin)).status, query).toBe(400);
    }
    await expectAdminOnly(api, 'GET', '/api/applications/search', agent, rina);
  });
});

describe(`the Transaction Dashboard's report on ${runtime}`, () => {
  beforeAll(async () => {
    await api.sql('DELETE FROM payments');
    // In Dhaka (UTC+6) 2026-05-01 runs from 04-30T18:00Z to 05-01T18:00Z.
    // In Auckland (UTC+12 in May) 2026-05-01 runs from 04-30T12:00Z to 05-01T12:00Z.
    const payments: [string, TestUser, string, number][] = [
      ['2026-04-30T17:59:00.000Z', rina, 'Term Life A', 5000], // Dhaka 30 Apr 23:59; Auckland 1 May 05:59
      ['2026-04-30T19:30:00.000Z', rina, 'Term Life B', 5000], // Dhaka 1 May 01:30 (UTC still 30 Apr)
      ['2026-05-01T11:00:00.000Z', kamal, 'Health Care A', 2500], // Dhaka 1 May 17:00; Auckland 1 May 23:00
      ['2026-05-01T12:30:00.000Z', kamal, 'Health Care B', 5000], // Dhaka 1 May 18:30; Auckland 2 May 00:30
      ['2026-05-03T06:00:00.000Z', rina, 'Term Life C', 5000],
    ];
    for (const [paidAt, user, policyName, minor] of payments) {
      const id = `pay-${paidAt}`;
      const application = await insertApplication(api, user, { payment_status: 'paid', policy_name: policyName });
      await api.sql(
        `INSERT INTO payments (id, application_id, transaction_id, provider, email, policy_name, amount_minor, currency, paid_at)
         VALUES (?, ?, ?, 'demo', ?, ?, ?, 'bdt', ?)`,
        id,
        application.id,
        `pi_${paidAt.replace(/\D/g, '')}`,
        user.email,
        policyName,
        minor,
        paidAt,
      );
    }
  });

  const report = async (query: string) => {
    const res = await call(api, 'GET', `/api/payments/report${query}`, admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Json;
  };

  it('sums, counts and averages the whole filtered range, however small the page', async () => {
    const body = await report('?pageSize=2');
    expect(body.summary).toEqual({ count: 5, total: 22500, average: 4500, refunded: { count: 0, total: 0 } });
    expect(body.total).toBe(5);
    expect(body.items.map((p: Json) => p.paidAt)).toEqual(['2026-05-03T06:00:00.000Z', '2026-05-01T12:30:00.000Z']);
    expect(body.items[0]).toMatchObject({ email: rina.email, policyName: 'Term Life C', amount: 50, status: 'Success' });
    const last = await report('?pageSize=2&page=3');
    expect(last.items.map((p: Json) => p.paidAt)).toEqual(['2026-04-30T17:59:00.000Z']);
    expect(last.summary.count).toBe(5);
  });

  it('takes From and To as local days of the named zone, inclusive (Asia/Dhaka)', async () => {
    const body = await report('?from=2026-05-01&to=2026-05-01&tz=Asia%2FDhaka');
    // Not 04-30T17:59Z (23:59 on 30 April in Dhaka), but 04-30T19:30Z (01:30 on 1 May).
    expect(body.items.map((p: Json) => p.paidAt).sort()).toEqual(['2026-04-30T19:30:00.000Z', '2026-05-01T11:00:00.000Z', '2026-05-01T12:30:00.000Z']);
    expect(body.summary).toEqual({ count: 3, total: 12500, average: 4167, refunded: { count: 0, total: 0 } });
    expect(body.days).toEqual([{ day: '2026-05-01', income: 12500 }]);
  });

  it('puts each payment on its local day in the chart (Pacific/Auckland)', async () => {
    const body = await report('?from=2026-04-30&to=2026-05-03&tz=Pacific%2FAuckland');
    expect(body.days).toEqual([
      { day: '2026-05-01', income: 12500 },
      { day: '2026-05-02', income: 5000 },
      { day: '2026-05-03', income: 5000 },
    ]);
    const may1 = await report('?from=2026-05-01&to=2026-05-01&tz=Pacific%2FAuckland');
    expect(may1.summary.count).toBe(3);
  });

  it('reads the days as UTC without a zone, and filters email and policy with the summary following', async () => {
    expect((await report('?from=2026-05-01&to=2026-05-01')).items.map((p: Json) => p.paidAt).sort()).toEqual([
      '2026-05-01T11:00:00.000Z',
      '2026-05-01T12:30:00.000Z',
    ]);
    const kamalOnly = await report('?email=KAMAL');
    expect(kamalOnly.summary).toEqual({ count: 2, total: 7500, average: 3750, refunded: { count: 0, total: 0 } });
    expect((await report('?policyName=term%20life')).summary.count).toBe(3);
    expect(await report('?email=nobody')).toMatchObject({ items: [], total: 0, summary: { count: 0, total: 0, average: 0 }, days: [] });
  });

  it('refuses an unknown zone, a reversed range and non-admins', async () => {
    await expectStatuses(api, [
      ['GET', '/api/payments/report?tz=Mars%2FOlympus', admin, 400],
      ['GET', '/api/payments/report?from=2026-05-02&to=2026-05-01', admin, 400],
      ['GET', '/api/payments/report', agent, 403],
    ]);
  });
});

describe(`Manage Agents, a page at a time, on ${runtime}`, () => {
  beforeAll(async () => {
    const statuses = ['pending', 'approved', 'disapproved'] as const;
    await insertNumbered('request', 25, (n, id) =>
      insertAgentRequest(api, { id, name: n === 7 ? 'Sadia Islam' : `Applicant ${n}`, district: n < 5 ? 'Rajshahi' : 'Dhaka', status: statuses[n % 3], created_at: at(n) }),
    );
  });

  const requests = (query: string) => getPage(api, `/api/agents/requests${query}`, admin);

  it('pages newest first, searches and filters by status', async () => {
    const first = await requests('?pageSize=10');
    expect(first.total).toBe(25);
    expect(first.items.map((r) => r.id).slice(0, 2)).toEqual(['request-24', 'request-23']);
    expect((await requests('?pageSize=10&page=3')).items).toHaveLength(5);
    expect((await requests('?q=sadia')).items.map((r) => r.id)).toEqual(['request-07']);
    expect((await requests('?q=RAJSHAHI')).total).toBe(5);
    expectOnly(await requests('?status=approved&pageSize=100'), 'approved', 8);
  });

  it('refuses bad parameters and non-admins', async () => {
    await expectStatuses(api, [
      ['GET', '/api/agents/requests?status=maybe', admin, 400],
      ['GET', '/api/agents/requests?pageSize=1000', admin, 400],
      ['GET', '/api/agents/requests', agent, 403],
    ]);
  });
});
