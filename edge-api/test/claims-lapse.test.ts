/**
 * A claim for an event after the policy lapsed is refused with the reason (issue 49,
 * docs/decisions/0113): online and through the sync push. An event inside the grace period is
 * accepted, and so is an event before the lapse on a policy lapsed today. Reviving the policy
 * does not cover what happened while it was lapsed. A policy sold before premiums has no schedule
 * and is never refused for it. The app's day moves by moving each policy's start back
 * (support/premiums.ts), so the same test runs on both runtimes.
 */
import { describe, expect, it } from 'vitest';
import { call, count } from './support/calls.ts';
import { useApi } from './support/app.ts';
import { insertPolicyInForce, markDuesPaid } from './support/premiums.ts';
import { runtime } from './support/target.ts';
import { addDays } from '../src/schemas/premium-schedule.ts';
import { dhakaToday, newClaimNumber } from '../src/schemas/claim.ts';

const { api, holder } = useApi({ holder: 'user' });

/** The policyholder's hospitalisation claim on `policyNumber` for an event on `eventDate`. */
function claimBody(policyNumber: string, eventDate: string, kind: 'hospitalisation' | 'disability' = 'hospitalisation') {
  return {
    id: crypto.randomUUID(),
    claimNumber: newClaimNumber(),
    policyNumber,
    insuredNid: '1990123456789',
    relation: 'policyholder',
    claimantNid: null,
    kind,
    eventDate,
    description: 'Three nights in hospital.',
    district: 'Dhaka',
    payoutMethod: 'bkash',
    payoutAccount: '01712345678',
  };
}

const file = (body: ReturnType<typeof claimBody>) => call(api, 'POST', '/api/claims', holder, body);
const premiumsOf = async (id: string) => (await call(api, 'GET', `/api/premiums/${id}`, holder)).body;
const today = () => dhakaToday(new Date());

describe(`claims and lapsed policies on ${runtime}`, () => {
  it('refuses a claim for an event after the lapse, with the day it lapsed and the due left unpaid', async () => {
    // Started 45 days ago, nothing paid: the first due's 30 days of grace ended 15 days ago.
    const { id } = await insertPolicyInForce(api, holder, { startedDaysAgo: 45 });
    const premiums = await premiumsOf(id);
    expect(premiums.state).toBe('lapsed');
    const body = claimBody(id, today());
    const refused = await file(body);
    expect(refused.status).toBe(422);
    const reason = `The policy had lapsed on ${premiums.lapsedOn}: the premium due on ${premiums.dues[0].dueOn} was not paid within the grace period, so the policy was not in force on the day of the event.`;
    expect(refused.body).toMatchObject({
      error: 'validation_failed',
      message: reason,
      fields: { eventDate: reason },
      details: { reason: 'lapsed', lapsedOn: premiums.lapsedOn, unpaidDueOn: premiums.dues[0].dueOn, graceEndsOn: premiums.graceEndsOn },
    });
    // The first day of the lapse is already after it.
    expect((await file(claimBody(id, premiums.lapsedOn))).status).toBe(422);
    expect(await count(api, 'SELECT count(*) AS n FROM claims WHERE application_id = ?', id)).toBe(0);
  });

  it('accepts an event before the lapse on a policy lapsed today: it was in force that day', async () => {
    const { id } = await insertPolicyInForce(api, holder, { startedDaysAgo: 45 });
    const premiums = await premiumsOf(id);
    // The last day of grace is still covered.
    const filed = await file(claimBody(id, premiums.graceEndsOn));
    expect(filed.status).toBe(201);
    expect(filed.body.claim).toMatchObject({ status: 'submitted', eventDate: premiums.graceEndsOn });
    const earlier = await file(claimBody(id, addDays(premiums.startedOn, 3), 'disability'));
    expect(earlier.status).toBe(201);
  });

  it('accepts an event inside the grace period', async () => {
    // Started 10 days ago, the first due unpaid: in grace for 20 more days.
    const { id } = await insertPolicyInForce(api, holder, { startedDaysAgo: 10 });
    expect((await premiumsOf(id)).state).toBe('in_grace');
    const filed = await file(claimBody(id, today()));
    expect(filed.status).toBe(201);
    expect(await count(api, 'SELECT count(*) AS n FROM claims WHERE application_id = ?', id)).toBe(1);
  });

  it('refuses a queued claim for an event after the lapse through the sync push, with the same reason', async () => {
    const { id } = await insertPolicyInForce(api, holder, { startedDaysAgo: 50 });
    const premiums = await premiumsOf(id);
    const body = claimBody(id, addDays(premiums.lapsedOn, 2));
    const pushed = await call(api, 'POST', '/api/sync/push', holder, { mutations: [{ mutationId: crypto.randomUUID(), type: 'claim.file', payload: body }] });
    expect(pushed.status).toBe(200);
    expect(pushed.body.results[0]).toMatchObject({ status: 422 });
    expect(JSON.stringify(pushed.body.results[0])).toContain(`The policy had lapsed on ${premiums.lapsedOn}`);
    // Inside the grace period, the same way: filed.
    const inGrace = await insertPolicyInForce(api, holder, { startedDaysAgo: 12 });
    const accepted = await call(api, 'POST', '/api/sync/push', holder, { mutations: [{ mutationId: crypto.randomUUID(), type: 'claim.file', payload: claimBody(inGrace.id, today()) }] });
    expect(accepted.body.results[0]).toMatchObject({ result: 'applied', status: 201 });
  });

  it('a revived policy does not cover an event while it was lapsed; it covers one after the revival', async () => {
    const { id } = await insertPolicyInForce(api, holder, { startedDaysAgo: 45 });
    const lapsed = await premiumsOf(id);
    // Every due in arrears paid today: in force again.
    await markDuesPaid(api, id, lapsed.dues.filter((d: { dueOn: string }) => d.dueOn <= today()).length);
    expect((await premiumsOf(id)).state).toBe('in_force');
    const during = await file(claimBody(id, addDays(lapsed.lapsedOn, 3)));
    expect(during.status).toBe(422);
    expect(during.body.details).toMatchObject({ reason: 'lapsed', lapsedOn: lapsed.lapsedOn });
    expect((await file(claimBody(id, today()))).status).toBe(201);
  });

  it('never refuses a policy sold before premiums (no premium mode, no schedule)', async () => {
    const { id } = await insertPolicyInForce(api, holder, { startedDaysAgo: 45 });
    await api.sql('UPDATE applications SET premium_mode = NULL WHERE id = ?', id);
    expect((await call(api, 'GET', `/api/premiums/${id}`, holder)).status).toBe(404);
    expect((await file(claimBody(id, today()))).status).toBe(201);
  });
});
