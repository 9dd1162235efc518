/**
 * The admin's view of premiums (issue 49): the collections report (field and online, by Dhaka day
 * and by who collected, over a range of at most 92 days, this month by default), and the admin
 * statistics' premium figures: received this month and the 13th-month persistency, with policies
 * that came in force about a year ago (the start moved back, as the other premium tests move the
 * clock) lapsed, in grace or paid up.
 */
import { describe, expect, it } from 'vitest';
import { call } from './support/calls.ts';
import { useApi } from './support/app.ts';
import { insertPolicyInForce, markDuesPaid } from './support/premiums.ts';
import { insertRow } from './support/rows.ts';
import { runtime, type ApiTarget } from './support/target.ts';
import type { TestUser } from './support/users.ts';
import { dhakaToday } from '../src/schemas/claim.ts';
import { dhakaDayStartsAt, monthOf, reportRangeBackwards, reportRangeTooLong } from '../src/schemas/premium-report.ts';

let receipts = 0;

/** A receipt straight in the database, paid at `paidAt`: cash to `collector`, or online when null. */
async function insertReceipt(api: ApiTarget, applicationId: string, paidAt: string, amountMinor: number, collector: TestUser | null) {
  receipts += 1;
  const mark = `${receipts}-${Math.random().toString(36).slice(2, 8)}`;
  await insertRow(api, 'premium_receipts', {
    id: `report-receipt-${mark}`,
    receipt_number: `RP-TEST-${mark}`,
    application_id: applicationId,
    due_ids: '[]',
    amount_minor: amountMinor,
    currency: 'bdt',
    method: collector ? 'cash' : 'bkash',
    provider: collector ? 'field' : 'demo',
    transaction_id: `report-${mark}`,
    collected_by: collector?.email ?? null,
    collected_at: collector ? paidAt : null,
    paid_at: paidAt,
    revived: 0,
  });
}

describe(`the collections report on ${runtime}`, () => {
  const { api, holder, agent, otherAgent, admin } = useApi({
    holder: 'user',
    agent: { role: 'agent', name: 'Karim Field Agent' },
    otherAgent: { role: 'agent', name: 'Rahima Field Agent' },
    admin: 'admin',
  });
  const report = (query: string, who: TestUser | null = admin) => call(api, 'GET', `/api/premiums/report${query}`, who);

  it('sums field and online receipts by Dhaka day and by who collected them, within the range only', async () => {
    const { id } = await insertPolicyInForce(api, holder, { agent });
    // 10 to 12 March 2025 in Dhaka (UTC+6); each edge of the range one moment in and one out.
    await insertReceipt(api, id, '2025-03-09T17:59:59.999Z', 99_900, agent); // 9 March, 23:59 in Dhaka: out
    await insertReceipt(api, id, '2025-03-09T18:00:00.000Z', 30_000, agent); // 10 March, 00:00
    await insertReceipt(api, id, '2025-03-10T04:00:00.000Z', 50_000, null); // 10 March, online
    await insertReceipt(api, id, '2025-03-10T19:30:00.000Z', 15_000, otherAgent); // 11 March, 01:30
    await insertReceipt(api, id, '2025-03-11T08:00:00.000Z', 20_000, agent); // 11 March
    await insertReceipt(api, id, '2025-03-12T17:59:59.999Z', 7_000, null); // 12 March, 23:59, online
    await insertReceipt(api, id, '2025-03-12T18:00:00.000Z', 88_800, null); // 13 March: out

    const { status, body } = await report('?from=2025-03-10&to=2025-03-12');
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body).toEqual({
      from: '2025-03-10',
      to: '2025-03-12',
      byDay: [
        { day: '2025-03-10', fieldMinor: 30_000, onlineMinor: 50_000, count: 2 },
        { day: '2025-03-11', fieldMinor: 35_000, onlineMinor: 0, count: 2 },
        { day: '2025-03-12', fieldMinor: 0, onlineMinor: 7_000, count: 1 },
      ],
      byAgent: [
        { agent: agent.email.toLowerCase(), agentName: 'Karim Field Agent', fieldMinor: 50_000, onlineMinor: 0, count: 2 },
        { agent: otherAgent.email.toLowerCase(), agentName: 'Rahima Field Agent', fieldMinor: 15_000, onlineMinor: 0, count: 1 },
        { agent: null, agentName: null, fieldMinor: 0, onlineMinor: 57_000, count: 2 },
      ],
      fieldMinor: 65_000,
      onlineMinor: 57_000,
      totalMinor: 122_000,
      count: 5,
    });
    // One day on its own.
    const oneDay = await report('?from=2025-03-11&to=2025-03-11');
    expect(oneDay.body.byDay).toEqual([{ day: '2025-03-11', fieldMinor: 35_000, onlineMinor: 0, count: 2 }]);
    // Nothing collected: empty lists, zero totals.
    const quiet = await report('?from=2024-01-01&to=2024-01-31');
    expect(quiet.body).toMatchObject({ byDay: [], byAgent: [], totalMinor: 0, count: 0 });
  });

  it('defaults to this Dhaka month, and shows a cash collection the agent just recorded', async () => {
    const { id } = await insertPolicyInForce(api, holder, { agent: otherAgent, startedDaysAgo: 3 });
    const premiums = await call(api, 'GET', `/api/premiums/${id}`, holder);
    const due = premiums.body.dues[0];
    const collected = await call(
      api,
      'POST',
      `/api/premiums/${id}/collections`,
      otherAgent,
      { dueIds: [due.id], amountMinor: due.amountMinor, collectedAt: new Date().toISOString() },
      { 'idempotency-key': crypto.randomUUID() },
    );
    expect(collected.status, JSON.stringify(collected.body)).toBe(201);
    const today = dhakaToday(new Date());
    const { status, body } = await report('');
    expect(status).toBe(200);
    expect({ from: body.from, to: body.to }).toEqual(monthOf(today));
    expect(body.byAgent).toContainEqual({ agent: otherAgent.email.toLowerCase(), agentName: 'Rahima Field Agent', fieldMinor: due.amountMinor, onlineMinor: 0, count: 1 });
    expect(body.byDay).toContainEqual(expect.objectContaining({ day: today, fieldMinor: due.amountMinor }));
  });

  it('is for admins only', async () => {
    expect((await report('', holder)).status).toBe(403);
    expect((await report('', agent)).status).toBe(403);
    expect((await report('', null)).status).toBe(401);
  });

  it('refuses a range that ends before it starts or is longer than 92 days (422), and a date that is none (400)', async () => {
    const backwards = await report('?from=2025-03-12&to=2025-03-10');
    expect(backwards.status).toBe(422);
    expect(backwards.body).toMatchObject({ error: 'validation_failed', message: reportRangeBackwards, fields: { to: reportRangeBackwards } });
    const tooLong = await report('?from=2025-01-01&to=2025-04-03');
    expect(tooLong.status).toBe(422);
    expect(tooLong.body).toMatchObject({ message: reportRangeTooLong, details: { maxDays: 92 } });
    expect(reportRangeTooLong).toBe('The report covers at most 92 days: please choose a shorter range');
    // 92 days, 1 January to 2 April, is as long as a report may be.
    expect((await report('?from=2025-01-01&to=2025-04-02')).status).toBe(200);
    const notADay = await report('?from=2025-02-30&to=2025-03-02');
    expect(notADay.status).toBe(400);
    expect(notADay.body.fields.from).toBe('Please enter a real date (year-month-day)');
  });
});

describe(`the admin statistics' premium figures on ${runtime}`, () => {
  // A database of its own: the figures count everything in it.
  const { api, holder, agent, admin } = useApi({ holder: 'user', agent: 'agent', admin: 'admin' });
  const stats = () => call(api, 'GET', '/api/admin-stats', admin);

  it('counts what was received this Dhaka month, not before it', async () => {
    const { id } = await insertPolicyInForce(api, holder, { startedDaysAgo: 60 });
    const month = monthOf(dhakaToday(new Date()));
    const monthStarts = dhakaDayStartsAt(month.from);
    await insertReceipt(api, id, new Date(Date.parse(monthStarts) - 1).toISOString(), 40_000, agent); // last month's last moment
    await insertReceipt(api, id, monthStarts, 12_345, agent);
    await insertReceipt(api, id, new Date().toISOString(), 10_000, null);
    const { status, body } = await stats();
    expect(status).toBe(200);
    expect(body.premiums).toMatchObject({ collectedThisMonthMinor: 22_345, paymentsThisMonth: 2 });
    // The six figures of the spec stay.
    expect(body).toMatchObject({ totalUsers: expect.any(Number), totalPayments: expect.any(Number) });
  });

  it('persistency: of the policies started 12 to 13 months ago, the share in force or in grace', async () => {
    const before = (await stats()).body.premiums.persistency;
    expect(before).toEqual({ started: 0, inForce: 0, share: null });
    // 370 days ago is within 12 to 13 months ago whatever today is.
    const yearAgo = async (paid: number | null) => {
      const { id } = await insertPolicyInForce(api, holder, { startedDaysAgo: 370, termYears: 5 });
      if (paid !== null) {
        expect((await call(api, 'GET', `/api/premiums/${id}`, holder)).status).toBe(200);
        await markDuesPaid(api, id, paid);
      }
      return call(api, 'GET', `/api/premiums/${id}`, holder);
    };
    // Paid through the 13th month: in force.
    expect((await yearAgo(13)).body.state).toBe('in_force');
    // The 12-month due (about 5 days ago) unpaid: in grace, still counted.
    expect((await yearAgo(12)).body.state).toBe('in_grace');
    // Stopped after ten months: lapsed.
    expect((await yearAgo(10)).body.state).toBe('lapsed');
    // Never paid a premium, its schedule never read: lapsed by the same rule.
    await yearAgo(null);
    // Outside the cohort: started 200 and 400 days ago.
    await insertPolicyInForce(api, holder, { startedDaysAgo: 200 });
    await insertPolicyInForce(api, holder, { startedDaysAgo: 400 });

    const { body } = await stats();
    expect(body.premiums.persistency).toEqual({ started: 4, inForce: 2, share: 0.5 });
  });
});
