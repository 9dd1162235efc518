/**
 * Money follows the decision (docs/security.md): a rejected application cannot be paid, at
 * intent creation or at recording (save and webhook), and a payment that arrives anyway is
 * refunded; a paid application rejected by its agent is refunded through Stripe's Refunds API
 * (the real SDK against the local stand-in), shown as Refunded and left out of the income.
 * An agent is never assigned their own application.
 */
import { describe, expect, it } from 'vitest';
import { useApi, useStarted } from './support/app.ts';
import { adminReject, assign, call, decide } from './support/calls.ts';
import { createApplicationFor, post, type IntentAnswer } from './support/payment-fixtures.ts';
import { startStripeStandIn } from './support/stripe-stand-in.ts';
import { runtime } from './support/target.ts';
import { createTestUser } from './support/users.ts';

const stripe = useStarted(startStripeStandIn, (standIn) => standIn.close());
const { api, owner, admin, agent } = useApi({ owner: 'user', admin: 'admin', agent: 'agent' }, { env: () => stripe.env });

async function intentFor(applicationId: string) {
  const res = await post(api, '/api/create-payment-intent', { applicationId }, owner);
  expect(res.status).toBe(200);
  return ((await res.json()) as IntentAnswer).paymentIntentId;
}
const paymentRows = (applicationId: string) =>
  api.sql<{ refunded_at: string | null; refund_id: string | null }>('SELECT refunded_at, refund_id FROM payments WHERE application_id = ?', applicationId);
const refundAudit = (applicationId: string) =>
  api.sql<{ actor_email: string | null; to_value: string }>("SELECT actor_email, to_value FROM audit_log WHERE action = 'payment.refund' AND entity_id = ?", applicationId);
const paymentStatus = async (id: string) => (await api.sql<{ payment_status: string }>('SELECT payment_status FROM applications WHERE id = ?', id))[0]?.payment_status;

describe(`money follows the decision on ${runtime}`, { timeout: 60_000 }, () => {
  it('refuses an intent for a rejected application with 409', async () => {
    const application = await createApplicationFor(api, owner, { status: 'rejected' });
    const res = await post(api, '/api/create-payment-intent', { applicationId: application.id }, owner);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ message: 'This application was rejected and cannot be paid.' });
  });

  it('refuses to record a payment made with an intent from before the rejection, and refunds it', async () => {
    const application = await createApplicationFor(api, owner);
    const intentId = await intentFor(application.id);
    expect((await adminReject(api, admin, application.id)).status).toBe(200);
    stripe.setStatus(intentId, 'succeeded'); // the customer paid in an old tab

    const save = await post(api, '/api/payments/save', { applicationId: application.id, transactionId: intentId }, owner);
    expect(save.status).toBe(409);
    expect(await save.json()).toMatchObject({
      message: 'This application was rejected and cannot be paid. Your payment has been refunded.',
      details: { status: 'rejected', refunded: true },
    });
    expect(stripe.refunds.get(intentId)).toMatchObject({ payment_intent: intentId, amount: 5000 });
    expect(await paymentRows(application.id)).toEqual([]);
    expect(await paymentStatus(application.id)).toBe('unpaid');
    const audit = await refundAudit(application.id);
    expect(audit).toEqual([{ actor_email: owner.email, to_value: `refunded (${stripe.refunds.get(intentId)!.id})` }]);

    // Saving again changes nothing and refunds nothing twice.
    expect((await post(api, '/api/payments/save', { applicationId: application.id, transactionId: intentId }, owner)).status).toBe(409);
    expect(await refundAudit(application.id)).toHaveLength(1);
  });

  it("refunds a succeeded intent whose webhook arrives after the rejection, and records no payment", async () => {
    const application = await createApplicationFor(api, owner);
    const intentId = await intentFor(application.id);
    expect((await adminReject(api, admin, application.id)).status).toBe(200);
    const intent = stripe.setStatus(intentId, 'succeeded');
    const payload = stripe.eventPayload(intent);
    const res = await api.fetch('/api/webhooks/stripe', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripe.signature(payload) },
      body: payload,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, recorded: false });
    expect(stripe.refunds.has(intentId)).toBe(true);
    expect(await paymentRows(application.id)).toEqual([]);
    expect(await refundAudit(application.id)).toHaveLength(1);
  });

  it('refunds a paid application its agent rejects, shows it as Refunded and leaves it out of the income', async () => {
    const application = await createApplicationFor(api, owner);
    const intentId = await intentFor(application.id);
    stripe.setStatus(intentId, 'succeeded');
    expect((await post(api, '/api/payments/save', { applicationId: application.id, transactionId: intentId }, owner)).status).toBe(201);
    const before = await call(api, 'GET', '/api/payments/report', admin);
    expect(before.status).toBe(200);

    // Paying never freezes the work (decisions.md): assigned like any other; its agent rejects it, and it is refunded.
    expect((await assign(api, admin, application.id, agent)).status).toBe(200);
    const rejected = await decide(api, agent, application.id, 'rejected');
    expect(rejected.status).toBe(200);

    const refund = stripe.refunds.get(intentId);
    expect(refund).toMatchObject({ payment_intent: intentId, amount: 5000, status: 'succeeded' });
    expect(stripe.requests.filter((r) => r.path === '/v1/refunds').at(-1)?.idempotencyKey).toBe(`refund-${intentId}`);
    const [payment] = await paymentRows(application.id);
    expect(payment?.refund_id).toBe(refund!.id);
    expect(payment?.refunded_at).toEqual(expect.any(String));
    expect(await paymentStatus(application.id)).toBe('unpaid');
    expect(await refundAudit(application.id)).toEqual([{ actor_email: agent.email, to_value: `refunded (${refund!.id})` }]);

    const after = await call(api, 'GET', '/api/payments/report', admin);
    const row = after.body.items.find((item: { applicationId: string }) => item.applicationId === application.id);
    expect(row).toMatchObject({ status: 'Refunded', refundedAt: payment?.refunded_at });
    expect(after.body.summary.total).toBe(before.body.summary.total - 5000);
    expect(after.body.summary.count).toBe(before.body.summary.count - 1);
  });

  it('refunds a paid application an admin rejects, through Stripe, once', async () => {
    const application = await createApplicationFor(api, owner);
    const intentId = await intentFor(application.id);
    stripe.setStatus(intentId, 'succeeded');
    expect((await post(api, '/api/payments/save', { applicationId: application.id, transactionId: intentId }, owner)).status).toBe(201);
    expect((await adminReject(api, admin, application.id)).status).toBe(200);
    expect(stripe.refunds.get(intentId)).toMatchObject({ payment_intent: intentId, amount: 5000, currency: 'bdt' });
    expect(await paymentStatus(application.id)).toBe('unpaid');
    const receipt = await call(api, 'GET', `/api/receipts/${application.id}`, owner);
    expect(receipt.body).toMatchObject({ amountMinor: 5000, currency: 'bdt', refundedAt: expect.any(String) });
    expect(await refundAudit(application.id)).toHaveLength(1);
  });

  it('never assigns an agent their own application', async () => {
    const application = await createApplicationFor(api, agent);
    const res = await assign(api, admin, application.id, agent);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ message: 'An agent cannot be assigned their own application. Please select another agent.' });
    const other = await createTestUser(api, 'agent');
    expect((await assign(api, admin, application.id, other)).status).toBe(200);
  });
});

describe(`demo refunds on ${runtime}`, { timeout: 60_000 }, () => {
  const { api: demo } = useApi({}, { env: { DEMO_MODE: 'on' } });

  it('records a demo refund when its agent rejects a paid application', async () => {
    const customer = await createTestUser(demo, 'user');
    const demoAgent = await createTestUser(demo, 'agent');
    const application = await createApplicationFor(demo, customer);
    const intent = (await (await post(demo, '/api/create-payment-intent', { applicationId: application.id }, customer)).json()) as IntentAnswer;
    expect(intent.mode).toBe('demo');
    expect((await post(demo, '/api/payments/demo/confirm', { paymentIntentId: intent.paymentIntentId, cardNumber: '4242 4242 4242 4242' }, customer)).status).toBe(200);
    expect((await post(demo, '/api/payments/save', { applicationId: application.id, transactionId: intent.paymentIntentId }, customer)).status).toBe(201);
    await demo.sql("UPDATE applications SET status = 'assigned', assigned_agent = ? WHERE id = ?", demoAgent.email, application.id);

    expect((await decide(demo, demoAgent, application.id, 'rejected')).status).toBe(200);
    const [refund] = await demo.sql<{ id: string }>('SELECT id FROM demo_refunds WHERE intent_id = ?', intent.paymentIntentId);
    expect(refund?.id).toMatch(/^demo_re_/);
    const [payment] = await demo.sql<{ refund_id: string }>('SELECT refund_id FROM payments WHERE application_id = ?', application.id);
    expect(payment?.refund_id).toBe(refund?.id);
  });
});
