/**
 * The certificate tells the truth (issue 49): GET /api/certificates/:id carries the policy's state
 * today (in force, in grace, lapsed, matured) and its next due (day and amount in poisha), as
 * GET /api/premiums/:id does; a policy sold before premiums has none (`premiums: null`). The app's
 * day moves by moving each policy's start back (support/premiums.ts).
 */
import { describe, expect, it } from 'vitest';
import { call } from './support/calls.ts';
import { useApi } from './support/app.ts';
import { insertPolicyInForce, markDuesPaid } from './support/premiums.ts';
import { runtime } from './support/target.ts';

const { api, holder } = useApi({ holder: 'user' });

const certificateOf = async (id: string) => {
  const answer = await call(api, 'GET', `/api/certificates/${id}`, holder);
  expect(answer.status).toBe(200);
  return answer.body;
};
const premiumsOf = async (id: string) => (await call(api, 'GET', `/api/premiums/${id}`, holder)).body;

describe(`the certificate's state and next due on ${runtime}`, () => {
  it('in force, in grace and lapsed, each with its next due; matured with none', async () => {
    const paid = await insertPolicyInForce(api, holder, { startedDaysAgo: 3, monthlyMinor: 60_000 });
    await premiumsOf(paid.id);
    await markDuesPaid(api, paid.id, 1);
    const inForce = await certificateOf(paid.id);
    expect(inForce.premiums).toMatchObject({ state: 'in_force', graceEndsOn: null, lapsedOn: null, nextDue: { amountMinor: 60_000, paidAt: null } });
    expect(inForce.premiums.nextDue).toEqual((await premiumsOf(paid.id)).nextDue);

    const grace = await insertPolicyInForce(api, holder, { startedDaysAgo: 10 });
    const graceNow = await premiumsOf(grace.id);
    expect((await certificateOf(grace.id)).premiums).toEqual({ state: 'in_grace', graceEndsOn: graceNow.graceEndsOn, lapsedOn: null, nextDue: graceNow.dues[0] });

    const lapsed = await insertPolicyInForce(api, holder, { startedDaysAgo: 45 });
    const lapsedNow = await premiumsOf(lapsed.id);
    expect((await certificateOf(lapsed.id)).premiums).toEqual({ state: 'lapsed', graceEndsOn: lapsedNow.graceEndsOn, lapsedOn: lapsedNow.lapsedOn, nextDue: { ...lapsedNow.dues[0], status: 'overdue' } });

    const matured = await insertPolicyInForce(api, holder, { startedDaysAgo: 3 * 365 + 5, termYears: 3, mode: 'yearly' });
    await premiumsOf(matured.id);
    await markDuesPaid(api, matured.id, 3);
    expect((await certificateOf(matured.id)).premiums).toMatchObject({ state: 'matured', nextDue: null });
  });

  it('a policy sold before premiums has no state from dues on its certificate', async () => {
    const { id } = await insertPolicyInForce(api, holder, { startedDaysAgo: 45 });
    await api.sql('UPDATE applications SET premium_mode = NULL WHERE id = ?', id);
    expect((await certificateOf(id)).premiums).toBeNull();
  });
});
