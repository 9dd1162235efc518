/**
 * Issue 48: money views tell a refund from a payment. The rejection that refunds a paid
 * application answers with it refunded (the screen shows it at once, not "Paid" until a
 * reload); the application says when it was refunded, never looking like one never paid; the
 * transaction report's income is net of refunds and sums the refunds on their own.
 */
import { describe, expect, it } from 'vitest';
import { useApi } from './support/app.ts';
import { adminReject, assign, call, decide } from './support/calls.ts';
import { createApplicationFor, type IntentAnswer, post } from './support/payment-fixtures.ts';
import { runtime } from './support/target.ts';
import type { TestUser } from './support/users.ts';

const { api, owner, admin, agent } = useApi({ owner: 'user', admin: 'admin', agent: 'agent' });

async function paidApplication(user: TestUser = owner) {
  const application = await createApplicationFor(api, user);
  const intent = (await (await post(api, '/api/create-payment-intent', { applicationId: application.id }, user)).json()) as IntentAnswer;
  expect((await post(api, '/api/payments/demo/confirm', { paymentIntentId: intent.paymentIntentId, cardNumber: '4242 4242 4242 4242' }, user)).status).toBe(200);
  expect((await post(api, '/api/payments/save', { applicationId: application.id, transactionId: intent.paymentIntentId }, user)).status).toBe(201);
  return application;
}

const report = async () => (await call(api, 'GET', '/api/payments/report', admin)).body as { summary: { count: number; total: number; average: number; refunded: { count: number; total: number } } };

describe(`refunds shown as refunds on ${runtime}`, () => {
  it("the admin's rejection answers with the application refunded, and the application keeps saying so", async () => {
    const application = await paidApplication();
    const rejected = await adminReject(api, admin, application.id);
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.application).toMatchObject({ status: 'rejected', paymentStatus: 'unpaid', refundedAt: expect.any(String) });

    for (const viewer of [owner, admin]) {
      const seen = await call(api, 'GET', `/api/applications/${application.id}`, viewer);
      expect(seen.body).toMatchObject({ paymentStatus: 'unpaid', refundedAt: rejected.body.application.refundedAt });
    }
    // One never paid says no refund.
    const never = await createApplicationFor(api, owner);
    expect((await call(api, 'GET', `/api/applications/${never.id}`, owner)).body).toMatchObject({ paymentStatus: 'unpaid', refundedAt: null });
  });

  it("the agent's rejection answers the same way", async () => {
    const application = await paidApplication();
    expect((await assign(api, admin, application.id, agent)).status).toBe(200);
    const decided = await decide(api, agent, application.id, 'rejected');
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body.application).toMatchObject({ status: 'rejected', paymentStatus: 'unpaid', refundedAt: expect.any(String) });
  });

  it('the report counts income net of refunds and sums the refunds apart', async () => {
    const before = await report();
    const kept = await paidApplication();
    const given = await paidApplication();
    const during = await report();
    expect(during.summary.count).toBe(before.summary.count + 2);
    expect(during.summary.total).toBe(before.summary.total + 10_000);
    expect(during.summary.refunded).toEqual(before.summary.refunded);

    expect((await adminReject(api, admin, given.id)).status).toBe(200);
    const after = await report();
    expect(after.summary.count).toBe(before.summary.count + 1);
    expect(after.summary.total).toBe(before.summary.total + 5000);
    expect(after.summary.refunded).toEqual({ count: before.summary.refunded.count + 1, total: before.summary.refunded.total + 5000 });
    expect(after.summary.average).toBe(Math.round(after.summary.total / after.summary.count));
    // The dashboard's count agrees: a refunded payment is no payment.
    expect((await call(api, 'GET', '/api/admin-stats', admin)).body.totalPayments).toBe(after.summary.count);
    expect(kept.id).not.toBe(given.id);
  });
});
