/**
 * Card payments with Stripe: the real stripe SDK inside the API (Node and workerd) talks to a
 * local stand-in of Stripe's PaymentIntents API; webhooks are signed with the SDK's own
 * test-header helper.
 */
import { describe, expect, it } from 'vitest';
import { useApi, useStarted } from './support/app.ts';
import { createApplicationFor, expectedPayment, expectPaidOnce, type IntentAnswer, paymentTrail, post as postAs } from './support/payment-fixtures.ts';
import { startStripeStandIn, type StandInIntent } from './support/stripe-stand-in.ts';
import { runtime } from './support/target.ts';
import { createTestUser, type TestUser } from './support/users.ts';

const stripe = useStarted(startStripeStandIn, (standIn) => standIn.close());
const { api, owner, stranger } = useApi({ owner: 'user', stranger: 'user' }, { env: () => stripe.env });

const post = (path: string, body: unknown, user?: TestUser) => postAs(api, path, body, user);

async function createIntent(applicationId: string, user: TestUser = owner): Promise<IntentAnswer> {
  const res = await post('/api/create-payment-intent', { applicationId }, user);
  expect(res.status).toBe(200);
  return (await res.json()) as IntentAnswer;
}

const sendWebhook = (payload: string, signature: string | null) =>
  api.fetch('/api/webhooks/stripe', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    body: payload,
  });

/** An application with an intent the customer has paid at Stripe. */
async function paidAtStripe(): Promise<{ applicationId: string; policyName: string; intent: StandInIntent }> {
  const application = await createApplicationFor(api, owner);
  const answer = await createIntent(application.id);
  const intent = stripe.setStatus(answer.paymentIntentId, 'succeeded');
  return { applicationId: application.id, policyName: application.policyName, intent };
}

describe(`creating a payment intent with Stripe on ${runtime}`, () => {
  it('tells the PWA to use Stripe Elements with the publishable key', async () => {
    const config = (await (await api.fetch('/api/client-config')).json()) as { payments: unknown };
    expect(config.payments).toEqual({ mode: 'stripe', publishableKey: stripe.env.STRIPE_PUBLISHABLE_KEY });
  });

  it('charges the server price, not the amount in the body, and tags the intent with the application', async () => {
    const application = await createApplicationFor(api, owner);
    const res = await post('/api/create-payment-intent', { applicationId: application.id, amountInCents: 1, amount: 1 }, owner);
    expect(res.status).toBe(200);
    const answer = (await res.json()) as IntentAnswer;
    expect(answer).toMatchObject({
      applicationId: application.id,
      policyName: application.policyName,
      amount: 5000,
      currency: 'bdt',
      mode: 'stripe',
      status: 'requires_payment_method',
    });
    expect(answer.paymentIntentId).toMatch(/^pi_/);
    expect(answer.clientSecret).toMatch(new RegExp(`^${answer.paymentIntentId}_secret_`));
    expect(answer.publishableKey).toBe(stripe.env.STRIPE_PUBLISHABLE_KEY);

    // What Stripe itself was asked for: 5000, with the application, customer and key.
    const created = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents');
    const request = created.at(-1);
    expect(request?.params).toMatchObject({
      amount: '5000',
      currency: 'bdt',
      metadata: { applicationId: application.id, userId: owner.id, userEmail: owner.email },
    });
    expect(request?.idempotencyKey).toBe(`pi-${application.id}-5000-bdt`);
    expect(stripe.intents.get(answer.paymentIntentId)?.amount).toBe(5000);
  });

  it('gives the same intent when asked twice for one application', async () => {
    const application = await createApplicationFor(api, owner);
    const first = await createIntent(application.id);
    const second = await createIntent(application.id);
    expect(second.paymentIntentId).toBe(first.paymentIntentId);
    expect(second.clientSecret).toBe(first.clientSecret);
    const made = [...stripe.intents.values()].filter((i) => i.metadata.applicationId === application.id);
    expect(made).toHaveLength(1);
  });

  it('reports the current status of an intent that was paid meanwhile', async () => {
    const application = await createApplicationFor(api, owner);
    const first = await createIntent(application.id);
    stripe.setStatus(first.paymentIntentId, 'succeeded');
    const again = await createIntent(application.id);
    expect(again).toMatchObject({ paymentIntentId: first.paymentIntentId, status: 'succeeded' });
  });

  it("refuses someone else's application (403), an unknown one (404) and visitors (401)", async () => {
    const application = await createApplicationFor(api, owner);
    const before = stripe.requests.length;
    const other = await post('/api/create-payment-intent', { applicationId: application.id }, stranger);
    expect(other.status).toBe(403);
    expect(await other.json()).toMatchObject({ error: 'forbidden', message: 'You can only pay for your own applications.' });
    const admin = await createTestUser(api, 'admin');
    expect((await post('/api/create-payment-intent', { applicationId: application.id }, admin)).status).toBe(403);
    const unknown = await post('/api/create-payment-intent', { applicationId: 'no-such-application' }, owner);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'not_found', message: 'Application not found' });
    expect((await post('/api/create-payment-intent', { applicationId: application.id })).status).toBe(401);
    const missing = await post('/api/create-payment-intent', {}, owner);
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: 'validation_failed', fields: { applicationId: expect.any(String) } });
    expect(stripe.requests.length).toBe(before);
  });

  it('refuses an application that is already paid or was rejected (409)', async () => {
    const paid = await createApplicationFor(api, owner, { payment_status: 'paid' });
    const paidRes = await post('/api/create-payment-intent', { applicationId: paid.id }, owner);
    expect(paidRes.status).toBe(409);
    expect(await paidRes.json()).toMatchObject({ error: 'conflict', message: 'This application has already been paid.' });
    const rejected = await createApplicationFor(api, owner, { status: 'rejected' });
    const rejectedRes = await post('/api/create-payment-intent', { applicationId: rejected.id }, owner);
    expect(rejectedRes.status).toBe(409);
    expect(await rejectedRes.json()).toMatchObject({ message: 'This application was rejected and cannot be paid.' });
  });
});

describe(`the Stripe webhook on ${runtime}`, () => {
  it('records a succeeded payment once and marks the application paid', async () => {
    const { applicationId, policyName, intent } = await paidAtStripe();
    const payload = stripe.eventPayload(intent);
    const res = await sendWebhook(payload, stripe.signature(payload));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, recorded: true });

    const trail = await paymentTrail(api, applicationId);
    expect(trail.paymentStatus).toBe('paid');
    expect(trail.payments).toEqual([
      expect.objectContaining({
        transaction_id: intent.id,
        amount_minor: 5000,
        currency: 'bdt',
        provider: 'stripe',
        email: owner.email,
        policy_name: policyName,
      }),
    ]);
    expect(Number.isNaN(Date.parse(trail.payments[0]?.paid_at ?? ''))).toBe(false);
    expect(trail.audits).toEqual([expect.objectContaining({ actor_id: owner.id, from_value: 'unpaid', to_value: 'paid' })]);

    // Stripe delivers again: acknowledged, nothing new.
    const again = await sendWebhook(payload, stripe.signature(payload));
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ received: true, recorded: false });
    await expectPaidOnce(api, applicationId);
  });

  it('records the same event delivered concurrently exactly once', async () => {
    const { applicationId, intent } = await paidAtStripe();
    const payload = stripe.eventPayload(intent);
    const signature = stripe.signature(payload);
    const answers = await Promise.all(Array.from({ length: 6 }, () => sendWebhook(payload, signature)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as { recorded: boolean }[];
    expect(bodies.filter((b) => b.recorded)).toHaveLength(1);
    await expectPaidOnce(api, applicationId);
  });

  it('refuses a wrong signature, a re-serialised body, a stale timestamp and no signature (400), recording nothing', async () => {
    const { applicationId, intent } = await paidAtStripe();
    const payload = stripe.eventPayload(intent);

    const wrongSecret = await sendWebhook(payload, stripe.signature(payload, { secret: 'whsec_someone_else' }));
    expect(wrongSecret.status).toBe(400);
    expect(await wrongSecret.json()).toEqual({ error: 'bad_request', message: 'The webhook signature could not be verified.' });

    // Same event, same signature, but the JSON re-serialised with other spacing.
    const reserialised = JSON.stringify(JSON.parse(payload));
    expect(reserialised).not.toBe(payload);
    expect((await sendWebhook(reserialised, stripe.signature(payload))).status).toBe(400);

    const staleAt = Math.floor(Date.now() / 1000) - 301 - 60;
    expect((await sendWebhook(payload, stripe.signature(payload, { timestamp: staleAt }))).status).toBe(400);

    const unsigned = await sendWebhook(payload, null);
    expect(unsigned.status).toBe(400);

    const trail = await paymentTrail(api, applicationId);
    expect(trail).toEqual({ paymentStatus: 'unpaid', payments: [], audits: [] });
  });

  it('acknowledges but records nothing for a wrong amount, another customer, an unknown application or another event type', async () => {
    const application = await createApplicationFor(api, owner);
    const meta = { applicationId: application.id, userId: owner.id, userEmail: owner.email };
    const cheap = stripe.addIntent({ amount: 1, currency: 'bdt', metadata: meta, status: 'succeeded' });
    const otherCurrency = stripe.addIntent({ amount: 5000, currency: 'usd', metadata: meta, status: 'succeeded' });
    const otherCustomer = stripe.addIntent({
      amount: 5000,
      currency: 'bdt',
      metadata: { ...meta, userId: stranger.id, userEmail: stranger.email },
      status: 'succeeded',
    });
    const unknown = stripe.addIntent({ amount: 5000, currency: 'bdt', metadata: { ...meta, applicationId: 'gone' }, status: 'succeeded' });
    const untagged = stripe.addIntent({ amount: 5000, currency: 'bdt', metadata: {}, status: 'succeeded' });
    const good = stripe.addIntent({ amount: 5000, currency: 'bdt', metadata: meta });

    for (const intent of [cheap, otherCurrency, otherCustomer, unknown, untagged]) {
      const payload = stripe.eventPayload(intent);
      const res = await sendWebhook(payload, stripe.signature(payload));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ received: true, recorded: false });
    }
    const created = stripe.eventPayload(good, 'payment_intent.created');
    expect(await (await sendWebhook(created, stripe.signature(created))).json()).toEqual({ received: true, recorded: false });

    expect(await paymentTrail(api, application.id)).toEqual({ paymentStatus: 'unpaid', payments: [], audits: [] });
  });
});

describe(`saving a payment from the client on ${runtime}`, () => {
  const save = (applicationId: string, transactionId: string, user: TestUser = owner) =>
    post('/api/payments/save', { applicationId, transactionId, amount: 1 }, user);

  it('records a payment only after retrieving the succeeded intent from Stripe; a replay answers the same', async () => {
    const application = await createApplicationFor(api, owner);
    const answer = await createIntent(application.id);

    // Not paid yet at Stripe: the client's word is not enough.
    const early = await save(application.id, answer.paymentIntentId);
    expect(early.status).toBe(402);
    expect(await early.json()).toMatchObject({ error: 'payment_failed', message: 'The payment has not been completed.' });
    expect((await paymentTrail(api, application.id)).payments).toHaveLength(0);

    stripe.setStatus(answer.paymentIntentId, 'succeeded');
    const retrievals = () =>
      stripe.requests.filter((r) => r.method === 'GET' && r.path === `/v1/payment_intents/${answer.paymentIntentId}`).length;
    const before = retrievals();
    const res = await save(application.id, answer.paymentIntentId);
    expect(res.status).toBe(201);
    const body = (await res.json()) as { payment: Record<string, unknown>; recordedNow: boolean };
    expect(retrievals()).toBe(before + 1);
    expect(body.recordedNow).toBe(true);
    expect(body.payment).toMatchObject(expectedPayment(application, owner, answer.paymentIntentId, 'stripe'));

    const replay = await save(application.id, answer.paymentIntentId);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ payment: body.payment, recordedNow: false });

    await expectPaidOnce(api, application.id);
  });

  it('records once when the webhook and the client confirm at the same time', async () => {
    const { applicationId, intent } = await paidAtStripe();
    const payload = stripe.eventPayload(intent);
    const [hook, client1, client2] = await Promise.all([
      sendWebhook(payload, stripe.signature(payload)),
      save(applicationId, intent.id),
      save(applicationId, intent.id),
    ]);
    expect(hook.status).toBe(200);
    for (const res of [client1, client2]) expect([200, 201]).toContain(res.status);
    const hookBody = (await hook.json()) as { recorded: boolean };
    const clientBodies = (await Promise.all([client1.json(), client2.json()])) as { recordedNow: boolean }[];
    expect([hookBody.recorded, ...clientBodies.map((b) => b.recordedNow)].filter(Boolean)).toHaveLength(1);
    await expectPaidOnce(api, applicationId);
  });

  it('refuses an intent whose amount, currency or metadata do not match, recording nothing', async () => {
    const application = await createApplicationFor(api, owner);
    const otherApplication = await createApplicationFor(api, owner);
    const meta = { applicationId: application.id, userId: owner.id, userEmail: owner.email };
    const cases = [
      stripe.addIntent({ amount: 1, currency: 'bdt', metadata: meta, status: 'succeeded' }),
      stripe.addIntent({ amount: 5000, currency: 'usd', metadata: meta, status: 'succeeded' }),
      stripe.addIntent({ amount: 5000, currency: 'bdt', metadata: { ...meta, applicationId: otherApplication.id }, status: 'succeeded' }),
      stripe.addIntent({ amount: 5000, currency: 'bdt', metadata: { ...meta, userId: stranger.id }, status: 'succeeded' }),
      stripe.addIntent({ amount: 5000, currency: 'bdt', metadata: {}, status: 'succeeded' }),
    ];
    for (const intent of cases) {
      const res = await save(application.id, intent.id);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'bad_request', message: 'This payment does not match this application.' });
    }
    expect(await paymentTrail(api, application.id)).toEqual({ paymentStatus: 'unpaid', payments: [], audits: [] });
  });

  it("refuses someone else's application, an unknown intent and a malformed id", async () => {
    const { applicationId, intent } = await paidAtStripe();
    const other = await save(applicationId, intent.id, stranger);
    expect(other.status).toBe(403);
    const unknown = await save(applicationId, 'pi_does_not_exist');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'not_found', message: 'Payment not found' });
    const malformed = await save(applicationId, '../v1/customers');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: 'validation_failed', fields: { transactionId: expect.any(String) } });
    expect(await paymentTrail(api, applicationId)).toEqual({ paymentStatus: 'unpaid', payments: [], audits: [] });
  });

  it('refuses a second, different payment for an application already paid (409)', async () => {
    const { applicationId, intent } = await paidAtStripe();
    expect((await save(applicationId, intent.id)).status).toBe(201);
    const second = stripe.addIntent({
      amount: 5000,
      currency: 'bdt',
      metadata: { applicationId, userId: owner.id, userEmail: owner.email },
      status: 'succeeded',
    });
    const res = await save(applicationId, second.id);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: 'conflict', message: 'This application has already been paid.' });
    const trail = await paymentTrail(api, applicationId);
    expect(trail.payments.map((p) => p.transaction_id)).toEqual([intent.id]);
  });
});

describe(`demo confirmation with Stripe configured on ${runtime}`, () => {
  it('is not available', async () => {
    const { intent } = await paidAtStripe();
    const res = await post('/api/payments/demo/confirm', { paymentIntentId: intent.id, cardNumber: '4242 4242 4242 4242' }, owner);
    expect(res.status).toBe(404);
  });
});
