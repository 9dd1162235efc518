/**
 * A policy's premium schedule and state (issue 49): one due per period of the chosen mode from the
 * start to the end of the term, each the monthly premium times its months; in force, in grace,
 * lapsed and matured as the days pass (the start moved back); who may read it.
 */
import { describe, expect, it } from 'vitest';
import { call } from './support/calls.ts';
import { useApi } from './support/app.ts';
import { insertPolicyInForce, markDuesPaid } from './support/premiums.ts';
import { runtime } from './support/target.ts';
import { addDays, addMonths } from '../src/schemas/premium-schedule.ts';
import { dhakaToday } from '../src/schemas/claim.ts';

const { api, holder, stranger, agent, otherAgent, admin } = useApi({ holder: 'user', stranger: 'user', agent: 'agent', otherAgent: 'agent', admin: 'admin' });

const premiumsOf = (id: string, who = holder) => call(api, 'GET', `/api/premiums/${id}`, who);

describe(`premium schedules on ${runtime}`, () => {
  it.each([
    ['monthly', 1, 60],
    ['quarterly', 3, 20],
    ['half_yearly', 6, 10],
    ['yearly', 12, 5],
  ] as const)('%s: one due every %i months over a 5-year term, each the monthly premium times its months', async (mode, months, count) => {
    const { id, application } = await insertPolicyInForce(api, holder, { mode, termYears: 5, monthlyMinor: 41_667 });
    const { status, body } = await premiumsOf(id);
    expect(status).toBe(200);
    expect(body).toMatchObject({ applicationId: id, policyNumber: application.policy_number, mode, state: 'in_force', graceDays: 30 });
    expect(body.dues).toHaveLength(count);
    const start = dhakaToday(new Date(application.paid_at!));
    expect(body.dues.map((d: { dueOn: string }) => d.dueOn)).toEqual(Array.from({ length: count }, (_, i) => addMonths(start, i * months)));
    expect(new Set(body.dues.map((d: { amountMinor: number }) => d.amountMinor))).toEqual(new Set([41_667 * months]));
    // The first due is on the start day (paid in advance): due, not yet overdue; the rest later.
    expect(body.dues[0]).toMatchObject({ status: 'due', paidAt: null, receiptId: null });
    expect(body.nextDue).toEqual(body.dues[0]);
    expect(body.dues.at(-1).status).toBe('upcoming');
  });

  it('the schedule is made once, however many read it at the same time', async () => {
    const { id } = await insertPolicyInForce(api, holder, { termYears: 3 });
    const answers = await Promise.all(Array.from({ length: 6 }, () => premiumsOf(id)));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(answers.map((a) => a.body.dues.length)).toEqual(Array(6).fill(36));
    expect(await api.sql('SELECT COUNT(*) AS n FROM premium_dues WHERE application_id = ?', id)).toEqual([{ n: 36 }]);
  });

  it('in grace while a past due is unpaid and its grace runs; lapsed once it has ended; in force again when paid up', async () => {
    const inGrace = await insertPolicyInForce(api, holder, { startedDaysAgo: 10 });
    const grace = await premiumsOf(inGrace.id);
    expect(grace.body.state).toBe('in_grace');
    expect(grace.body.dues[0].status).toBe('overdue');
    expect(grace.body.graceEndsOn).toBe(addDays(grace.body.dues[0].dueOn, 30));

    const lapsed = await insertPolicyInForce(api, holder, { startedDaysAgo: 45 });
    const lapse = await premiumsOf(lapsed.id);
    expect(lapse.body).toMatchObject({ state: 'lapsed' });
    expect(lapse.body.lapsedOn).toBeTypeOf('string');
    expect(lapse.body.revivableUntil > lapse.body.lapsedOn).toBe(true);

    // The first two months paid (the second due is 15 days old, in grace), then all past ones: in force.
    const paid = await insertPolicyInForce(api, holder, { startedDaysAgo: 45 });
    await premiumsOf(paid.id);
    await markDuesPaid(api, paid.id, 1);
    expect((await premiumsOf(paid.id)).body.state).toBe('in_grace');
    await markDuesPaid(api, paid.id, 2);
    const inForce = await premiumsOf(paid.id);
    expect(inForce.body.state).toBe('in_force');
    expect(inForce.body.nextDue.status).toMatch(/^(due|upcoming)$/);
  });

  it('as the days pass, the same policy goes from grace to lapsed', async () => {
    const { id } = await insertPolicyInForce(api, holder, { startedDaysAgo: 10 });
    expect((await premiumsOf(id)).body.state).toBe('in_grace');
    // 25 days later: its start moved 25 days further back, its first due is 35 days old.
    await api.sql('UPDATE applications SET paid_at = ?, decided_at = ? WHERE id = ?', ...[new Date(Date.now() - 35 * 86_400_000).toISOString()].flatMap((d) => [d, d]), id);
    await api.sql('DELETE FROM premium_dues WHERE application_id = ?', id);
    expect((await premiumsOf(id)).body.state).toBe('lapsed');
  });

  it('matured once the term has ended, all dues paid', async () => {
    const { id } = await insertPolicyInForce(api, holder, { startedDaysAgo: 3 * 365 + 5, termYears: 3, mode: 'yearly' });
    await premiumsOf(id);
    await markDuesPaid(api, id, 3);
    const { body } = await premiumsOf(id);
    expect(body.state).toBe('matured');
    expect(body.nextDue).toBeNull();
    expect(body.dues.map((d: { status: string }) => d.status)).toEqual(['paid', 'paid', 'paid']);
  });

  it('the holder, the assigned agent and admins read it; another customer and another agent are refused; an application not in force is not found', async () => {
    const { id } = await insertPolicyInForce(api, holder, { agent });
    expect((await premiumsOf(id, holder)).status).toBe(200);
    expect((await premiumsOf(id, agent)).status).toBe(200);
    expect((await premiumsOf(id, admin)).status).toBe(200);
    expect((await premiumsOf(id, stranger)).status).toBe(403);
    expect((await premiumsOf(id, otherAgent)).status).toBe(403);
    expect((await call(api, 'GET', `/api/premiums/${id}`, null)).status).toBe(401);
    expect((await premiumsOf('no-such-application', admin)).status).toBe(404);
    await api.sql("UPDATE applications SET payment_status = 'unpaid' WHERE id = ?", id);
    expect((await premiumsOf(id, holder)).status).toBe(404);
  });

  it('GET /verify/:code answers inForce: false with the state for a lapsed or matured policy, true in grace', async () => {
    const verify = async (code: string) => (await call(api, 'GET', `/api/verify/${code}`, null)).body;
    const grace = await insertPolicyInForce(api, holder, { startedDaysAgo: 10 });
    expect(await verify(grace.application.verify_code!)).toMatchObject({ valid: true, inForce: true, state: 'in_grace' });
    const lapsed = await insertPolicyInForce(api, holder, { startedDaysAgo: 45 });
    expect(await verify(lapsed.application.verify_code!)).toMatchObject({ valid: true, inForce: false, state: 'lapsed' });
    const matured = await insertPolicyInForce(api, holder, { startedDaysAgo: 3 * 365 + 5, termYears: 3, mode: 'yearly' });
    await premiumsOf(matured.id);
    await markDuesPaid(api, matured.id, 3);
    expect(await verify(matured.application.verify_code!)).toMatchObject({ valid: true, inForce: false, state: 'matured' });
  });
});
