/**
 * Card payments without Stripe keys: the clearly labelled demo mode of the embedded default
 * (nothing charged, same endpoints, same server-side checks), and production, where payments
 * are refused rather than faked.
 */
import { describe, expect, it } from 'vitest';
import { useApi } from './support/app.ts';
import { createApplicationFor, expectedPayment, expectPaidOnce, type IntentAnswer, paymentTrail, post } from './support/payment-fixtures.ts';
import { runtime } from './support/target.ts';
import type { TestUser } from './support/users.ts';

describe(`demo payments on ${runtime}`, () => {
  const { api, owner, stranger } = useApi({ owner: 'user', stranger: 'user' });

  async function createIntent(applicationId: string): Promise<IntentAnswer> {
    const res = await post(api, '/api/create-payment-intent', { applicationId, amountInCents: 1 }, owner);
    expect(res.status).toBe(200);
    return (await res.json()) as IntentAnswer;
  }
  const confirm = (paymentIntentId: string, cardNumber: string, user: TestUser = owner) =>
    post(api, '/api/payments/demo/confirm', { paymentIntentId, cardNumber }, user);
  const save = (applicationId: string, transactionId: string, user: TestUser = owner) =>
    post(api, '/api/payments/save', { applicationId, transactionId }, user);

  it('pays with the demo card: intent, confirm, save; the application is paid and the payment listed', async () => {
    const application = await createApplicationFor(api, owner);
    const intent = await createIntent(application.id);
    expect(intent).toMatchObject({
      mode: 'demo',
      amount: 5000,
      currency: 'bdt',
      status: 'requires_payment_method',
      publishableKey: null,
      demoCardNumber: '4242 4242 4242 4242',
    });
    expect(intent.paymentIntentId).toMatch(/^demo_pi_[a-z0-9]+$/);
    expect(intent.clientSecret).toMatch(new RegExp(`^${intent.paymentIntentId}_secret_[a-z0-9]+$`));
    // Asking again (a second tab, a retry) gives the same intent.
    expect((await createIntent(application.id)).paymentIntentId).toBe(intent.paymentIntentId);

    // Saving before the card is confirmed is refused: the server checks the intent itself.
    const early = await save(application.id, intent.paymentIntentId);
    expect(early.status).toBe(402);
    expect(await early.json()).toMatchObject({ message: 'The payment has not been completed.' });

    const confirmed = await confirm(intent.paymentIntentId, '4242 4242 4242 4242');
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ paymentIntentId: intent.paymentIntentId, status: 'succeeded' });

    const saved = await save(application.id, intent.paymentIntentId);
    expect(saved.status).toBe(201);
    const body = (await saved.json()) as { payment: Record<string, unknown>; recordedNow: boolean };
    expect(body).toMatchObject({ recordedNow: true, payment: expectedPayment(application, owner, intent.paymentIntentId, 'demo') });

    const replay = await save(application.id, intent.paymentIntentId);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ payment: body.payment, recordedNow: false });

    const trail = await expectPaidOnce(api, application.id);
    expect(trail.payments).toEqual([expect.objectContaining({ transaction_id: intent.paymentIntentId, provider: 'demo', amount_minor: 5000 })]);

    // Paid: no second intent.
    const again = await post(api, '/api/create-payment-intent', { applicationId: application.id }, owner);
    expect(again.status).toBe(409);
  });

  it("declines any other card with the card message and records nothing; an empty number is incomplete", async () => {
    const application = await createApplicationFor(api, owner);
    const intent = await createIntent(application.id);
    const declined = await confirm(intent.paymentIntentId, '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(await declined.json()).toEqual({ error: 'payment_failed', message: 'Your card was declined.' });
    const empty = await confirm(intent.paymentIntentId, '   ');
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ message: 'Your card number is incomplete.', fields: { cardNumber: 'Your card number is incomplete.' } });
    const short = await confirm(intent.paymentIntentId, '4242');
    expect(short.status).toBe(400);

    expect((await save(application.id, intent.paymentIntentId)).status).toBe(402);
    expect(await paymentTrail(api, application.id)).toEqual({ paymentStatus: 'unpaid', payments: [], audits: [] });
  });

  it("does not let another customer confirm or save someone else's demo payment", async () => {
    const application = await createApplicationFor(api, owner);
    const intent = await createIntent(application.id);
    const other = await confirm(intent.paymentIntentId, '4242424242424242', stranger);
    expect(other.status).toBe(403);
    expect((await confirm(intent.paymentIntentId, '4242424242424242')).status).toBe(200);

    // The stranger's own application cannot be paid with the owner's intent.
    const theirs = await createApplicationFor(api, stranger);
    const wrongApp = await save(theirs.id, intent.paymentIntentId, stranger);
    expect(wrongApp.status).toBe(400);
    expect(await wrongApp.json()).toMatchObject({ message: 'This payment does not match this application.' });
    expect((await save(application.id, intent.paymentIntentId, stranger)).status).toBe(403);
    expect(await paymentTrail(api, theirs.id)).toEqual({ paymentStatus: 'unpaid', payments: [], audits: [] });
    expect((await paymentTrail(api, application.id)).payments).toHaveLength(0);
  });

  it('tells the PWA it is in demo mode', async () => {
    const config = (await (await api.fetch('/api/client-config')).json()) as { payments: unknown };
    expect(config.payments).toEqual({ mode: 'demo', publishableKey: null });
  });

  it('has no Stripe webhook', async () => {
    const res = await api.fetch('/api/webhooks/stripe', { method: 'POST', headers: { 'stripe-signature': 't=1,v1=x' }, body: '{}' });
    expect(res.status).toBe(503);
  });
});

describe(`payments in production without Stripe keys on ${runtime}`, () => {
  const { api, owner } = useApi({ owner: 'user' }, { env: { APP_ENV: 'production' } });

  it('answers every payment endpoint with 503 and never fakes a payment', async () => {
    const application = await createApplicationFor(api, owner);
    const notConfigured = { error: 'payment_failed', message: 'Card payments are not configured.' };
    const calls = [
      post(api, '/api/create-payment-intent', { applicationId: application.id }, owner),
      post(api, '/api/payments/demo/confirm', { paymentIntentId: 'demo_pi_x', cardNumber: '4242 4242 4242 4242' }, owner),
      post(api, '/api/payments/save', { applicationId: application.id, transactionId: 'demo_pi_x' }, owner),
      api.fetch('/api/webhooks/stripe', { method: 'POST', headers: { 'stripe-signature': 't=1,v1=x' }, body: '{}' }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual(notConfigured);
    }
    expect(await paymentTrail(api, application.id)).toEqual({ paymentStatus: 'unpaid', payments: [], audits: [] });
  });

  it('tells the PWA that card payments are off', async () => {
    const config = (await (await api.fetch('/api/client-config')).json()) as { payments: unknown };
    expect(config.payments).toEqual({ mode: 'off', publishableKey: null });
  });

  it('still asks visitors to sign in first', async () => {
    const res = await post(api, '/api/create-payment-intent', { applicationId: 'x' });
    expect(res.status).toBe(401);
  });
});
