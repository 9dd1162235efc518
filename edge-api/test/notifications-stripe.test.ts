/**
 * Issue 28: a card Stripe refused (`payment_intent.payment_failed`) tells every admin once,
 * however often Stripe sends the event; the customer and agents hear nothing of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './support/calls.ts';
import { createApplicationFor, post } from './support/payment-fixtures.ts';
import { startStripeStandIn, type StripeStandIn } from './support/stripe-stand-in.ts';
import { runtime, startApi, type ApiTarget } from './support/target.ts';
import { createTestUser, type TestUser } from './support/users.ts';

describe(`a refused card at Stripe on ${runtime}`, () => {
  let stripe: StripeStandIn;
  let api: ApiTarget;
  let owner: TestUser;
  let admins: TestUser[];

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    api = await startApi(stripe.env);
    owner = await createTestUser(api, 'user');
    admins = [await createTestUser(api, 'admin'), await createTestUser(api, 'admin')];
  });
  afterAll(async () => {
    await api?.stop();
    await stripe?.close();
  });

  const events = async (person: TestUser) => ((await call(api, 'GET', '/api/notifications', person)).body.items as { event: string; entityId: string }[]);

  it('tells each admin once per event', async () => {
    const application = await createApplicationFor(api, owner);
    const created = await post(api, '/api/create-payment-intent', { applicationId: application.id }, owner);
    const intent = stripe.setStatus(((await created.json()) as { paymentIntentId: string }).paymentIntentId, 'requires_payment_method');
    const payload = stripe.eventPayload(intent, 'payment_intent.payment_failed');
    for (let delivery = 0; delivery < 2; delivery++) {
      const res = await api.fetch('/api/webhooks/stripe', { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': stripe.signature(payload) }, body: payload });
      expect(await res.json()).toEqual({ received: true, recorded: false });
    }
    for (const admin of admins) {
      expect(await events(admin)).toEqual([expect.objectContaining({ event: 'payment.refused', entityId: application.id, policyName: application.policyName })]);
    }
    expect(await events(owner)).toEqual([]);
  });
});
