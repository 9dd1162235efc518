/**
 * Issue 48: what the server makes for a person is in their language. The account's language is
 * set when they register or sign in from a Bangla page (and when they switch); the way back
 * from the payment gateway (paid, failed, cancelled) goes to the payment page in the language
 * the payment was started from, else the account's; a certificate's QR code leads to the check
 * in the holder's language. English (and unset) keeps the plain path.
 */
import { describe, expect, it } from 'vitest';
import { useApi, useStarted } from './support/app.ts';
import { login, registrationForm } from './support/auth-client.ts';
import { assign, call, decide } from './support/calls.ts';
import { createApplicationFor, type IntentAnswer, post } from './support/payment-fixtures.ts';
import { startSslcommerzStandIn } from './support/sslcommerz-stand-in.ts';
import { runtime } from './support/target.ts';
import type { TestUser } from './support/users.ts';

const gateway = useStarted(startSslcommerzStandIn, (standIn) => standIn.close());
const { api, bangla, english, unset, admin, agent } = useApi(
  { bangla: { role: 'user', name: 'Rahima Khatun' }, english: 'user', unset: 'user', admin: 'admin', agent: 'agent' },
  { env: () => gateway.env },
);

const languageOf = async (userId: string) => (await api.sql<{ language: string | null }>('SELECT language FROM users WHERE id = ?', userId))[0]?.language;
const setLanguage = (user: TestUser, language: 'en' | 'bn') => call(api, 'PUT', '/api/auth/language', user, { language });

/** What the person's browser does on the way back from the gateway: a cross-site form post. */
const returnTo = (outcome: 'success' | 'fail' | 'cancel', fields: Record<string, string>) =>
  api.fetch(`/api/sslcommerz/return/${outcome}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site', origin: gateway.url },
    body: new URLSearchParams(fields).toString(),
  });

async function openSession(user: TestUser, language?: 'en' | 'bn') {
  const application = await createApplicationFor(api, user);
  const res = await post(api, '/api/sslcommerz/session', { applicationId: application.id, method: 'bkash', ...(language ? { language } : {}) }, user);
  expect(res.status, await res.clone().text()).toBe(200);
  const { tranId } = (await res.json()) as { tranId: string };
  return { application, tranId };
}

describe(`the account's language, set on sign-up and sign-in, on ${runtime}`, () => {
  it('a registration from a Bangla page makes a Bangla account; one that names none stays unset', async () => {
    const form = registrationForm({ name: 'Nasrin Akter', email: `nasrin-${crypto.randomUUID()}@example.test`, password: 'secret-pass' });
    form.set('language', 'bn');
    const made = await api.fetch('/api/auth/register', { method: 'POST', body: form });
    expect(made.status, await made.clone().text()).toBe(201);
    const { user } = (await made.json()) as { user: { id: string } };
    expect(await languageOf(user.id)).toBe('bn');

    const plain = await api.fetch('/api/auth/register', { method: 'POST', body: registrationForm({ name: 'Karim', email: `karim-${crypto.randomUUID()}@example.test`, password: 'secret-pass' }) });
    expect(plain.status).toBe(201);
    expect(await languageOf(((await plain.json()) as { user: { id: string } }).user.id)).toBeNull();
  });

  it('a sign-in that names a language sets it; one that names none leaves the account as it was', async () => {
    const email = `sumon-${crypto.randomUUID()}@example.test`;
    const made = await api.fetch('/api/auth/register', { method: 'POST', body: registrationForm({ name: 'Sumon', email, password: 'secret-pass' }) });
    const { user } = (await made.json()) as { user: { id: string } };
    expect((await login(api, email, 'secret-pass')).status).toBe(200);
    expect(await languageOf(user.id)).toBeNull();
    const inBangla = await api.fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'secret-pass', language: 'bn' }) });
    expect(inBangla.status).toBe(200);
    expect(await languageOf(user.id)).toBe('bn');
    expect((await login(api, email, 'secret-pass')).status).toBe(200);
    expect(await languageOf(user.id)).toBe('bn');
    // A language the product does not have is refused like any other field.
    const wrong = await api.fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'secret-pass', language: 'fr' }) });
    expect(wrong.status).toBe(400);
  });

  it('a registration whose language is not one of the two is refused', async () => {
    const form = registrationForm({ name: 'Odd', email: `odd-${crypto.randomUUID()}@example.test`, password: 'secret-pass' });
    form.set('language', 'xx');
    const refused = await api.fetch('/api/auth/register', { method: 'POST', body: form });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe('validation_failed');
  });
});

describe(`the way back from the payment gateway on ${runtime}`, () => {
  it('a payment started from a Bangla page comes back paid to the Bangla payment page', async () => {
    const { application, tranId } = await openSession(unset, 'bn');
    const back = await returnTo('success', gateway.pay(tranId));
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`/bn/dashboard/payment/${application.id}?result=paid`);
  });

  it('cancelled or failed, it comes back to the Bangla page too', async () => {
    for (const [outcome, result] of [['cancel', 'cancelled'], ['fail', 'failed']] as const) {
      const { application, tranId } = await openSession(unset, 'bn');
      const back = await returnTo(outcome, { tran_id: tranId, status: outcome === 'fail' ? 'FAILED' : 'CANCELLED' });
      expect(back.headers.get('location'), outcome).toBe(`/bn/dashboard/payment/${application.id}?result=${result}`);
    }
  });

  it('a session that names no language follows the account: Bangla for a Bangla account, English otherwise', async () => {
    expect((await setLanguage(bangla, 'bn')).status).toBe(200);
    const forBangla = await openSession(bangla);
    expect((await returnTo('cancel', { tran_id: forBangla.tranId, status: 'CANCELLED' })).headers.get('location')).toBe(
      `/bn/dashboard/payment/${forBangla.application.id}?result=cancelled`,
    );
    const forUnset = await openSession(unset);
    expect((await returnTo('cancel', { tran_id: forUnset.tranId, status: 'CANCELLED' })).headers.get('location')).toBe(
      `/dashboard/payment/${forUnset.application.id}?result=cancelled`,
    );
  });

  it('the language the payment was started from wins over the account: English started, English back', async () => {
    expect((await setLanguage(bangla, 'bn')).status).toBe(200);
    const { application, tranId } = await openSession(bangla, 'en');
    const back = await returnTo('success', gateway.pay(tranId));
    expect(back.headers.get('location')).toBe(`/dashboard/payment/${application.id}?result=paid`);
  });

  it('refuses a session whose language is not one of the two', async () => {
    const application = await createApplicationFor(api, unset);
    const res = await post(api, '/api/sslcommerz/session', { applicationId: application.id, method: 'bkash', language: 'fr' }, unset);
    expect(res.status).toBe(400);
  });
});

describe(`a certificate's QR code on ${runtime}`, () => {
  /** Paid in the demo mode, then assigned and approved: a policy in force with a certificate. */
  async function policyInForce(owner: TestUser) {
    const application = await createApplicationFor(api, owner);
    const intent = (await (await post(api, '/api/create-payment-intent', { applicationId: application.id }, owner)).json()) as IntentAnswer;
    expect((await post(api, '/api/payments/demo/confirm', { paymentIntentId: intent.paymentIntentId, cardNumber: '4242 4242 4242 4242' }, owner)).status).toBe(200);
    expect((await post(api, '/api/payments/save', { applicationId: application.id, transactionId: intent.paymentIntentId }, owner)).status).toBe(201);
    expect((await assign(api, admin, application.id, agent)).status).toBe(200);
    expect((await decide(api, agent, application.id, 'approved')).status).toBe(200);
    return application;
  }

  it("leads to the public check in the holder's language, for the holder and for an admin alike", async () => {
    expect((await setLanguage(bangla, 'bn')).status).toBe(200);
    const application = await policyInForce(bangla);
    const own = await call(api, 'GET', `/api/certificates/${application.id}`, bangla);
    expect(own.status).toBe(200);
    expect(own.body.verifyPath).toBe(`/bn/verify/${own.body.verifyCode}`);
    expect((await call(api, 'GET', `/api/certificates/${application.id}`, admin)).body.verifyPath).toBe(`/bn/verify/${own.body.verifyCode}`);
    // The path it names is the public check of that certificate.
    expect((await api.fetch(`/api/verify/${own.body.verifyCode}`)).status).toBe(200);
  });

  it('an English (or unset) holder gets the plain English check', async () => {
    expect((await setLanguage(english, 'en')).status).toBe(200);
    for (const owner of [english, unset]) {
      const application = await policyInForce(owner);
      const certificate = await call(api, 'GET', `/api/certificates/${application.id}`, owner);
      expect(certificate.body.verifyPath).toBe(`/verify/${certificate.body.verifyCode}`);
    }
  });

  it('follows a change of language: switched to Bangla, the same certificate leads to the Bangla check', async () => {
    const application = await policyInForce(english);
    expect((await setLanguage(english, 'bn')).status).toBe(200);
    const certificate = await call(api, 'GET', `/api/certificates/${application.id}`, english);
    expect(certificate.body.verifyPath).toBe(`/bn/verify/${certificate.body.verifyCode}`);
    expect((await setLanguage(english, 'en')).status).toBe(200);
  });
});
