/**
 * A proven number in the account (issue 50) and the SMS it then gets: a code to add or change
 * the number; admins see whether it is proven; each premium paid and each decision on an
 * application goes by SMS to a proven number whose owner has not opted out, in their language.
 */
import { describe, expect, it } from 'vitest';
import { useApi, useStarted } from './support/app.ts';
import { apply, assign, call, decide, insertPolicy } from './support/calls.ts';
import { createApplicationFor, post, type IntentAnswer } from './support/payment-fixtures.ts';
import { insertApplication } from './support/records.ts';
import { startSmsStandIn } from './support/sms-stand-in.ts';
import { runtime } from './support/target.ts';
import type { TestUser } from './support/users.ts';

let counter = 0;
const newNumber = () => `+8801911${String(++counter).padStart(6, '0')}`;

const sms = useStarted(startSmsStandIn, (standIn) => standIn.close());
const { api, customer, other, agent, admin, quiet, claimant } = useApi(
  { customer: 'user', other: 'user', agent: 'agent', admin: 'admin', quiet: 'user', claimant: 'user' },
  { env: () => ({ ...sms.env, PUSH_SEND_INTERVAL_MS: '50' }) },
);

/** Proves `phone` for `user` with the code sent to it. */
async function prove(user: TestUser, phone: string) {
  const since = sms.messagesTo(phone).length;
  expect((await call(api, 'POST', '/api/auth/phone/request', user, { phone })).status).toBe(202);
  const code = await sms.waitForCode(phone, since);
  return call(api, 'POST', '/api/auth/phone/verify', user, { phone, code });
}

describe(`a proven number on ${runtime}`, () => {
  it('adds a number with a code sent to it; admins see it proven; a change through the profile is not proven', async () => {
    const phone = newNumber();
    const since = sms.messagesTo(phone).length;
    await call(api, 'POST', '/api/auth/phone/request', customer, { phone: `0${phone.slice(4)}` });
    const code = await sms.waitForCode(phone, since);
    const wrong = String((Number(code) + 3) % 1_000_000).padStart(6, '0');
    expect((await call(api, 'POST', '/api/auth/phone/verify', customer, { phone, code: wrong })).status).toBe(400);
    // Another account cannot use a code sent for this one.
    expect((await call(api, 'POST', '/api/auth/phone/verify', other, { phone, code })).status).toBe(400);
    const proven = await call(api, 'POST', '/api/auth/phone/verify', customer, { phone, code });
    expect(proven.status).toBe(200);
    expect(proven.body).toMatchObject({ phone, phoneVerified: true });

    const seen = await call(api, 'GET', `/api/users/${encodeURIComponent(customer.email)}`, admin);
    expect(seen.body).toMatchObject({ phone, phoneVerified: true });

    // The number now signs this account in.
    const signInSince = sms.messagesTo(phone).length;
    await call(api, 'POST', '/api/auth/otp/request', null, { phone });
    const signIn = await call(api, 'POST', '/api/auth/otp/verify', null, { phone, code: await sms.waitForCode(phone, signInSince) });
    expect(signIn.body).toMatchObject({ created: false, user: { id: customer.id } });

    const changed = await call(api, 'PATCH', '/api/auth/me', customer, { phone: '01799999999' });
    expect(changed.body).toMatchObject({ phone: '+8801799999999', phoneVerified: false });
    expect((await call(api, 'GET', `/api/users/${encodeURIComponent(customer.email)}`, admin)).body.phoneVerified).toBe(false);
    // Back to the proven number: still needs a code.
    expect((await call(api, 'PATCH', '/api/auth/me', customer, { phone })).body.phoneVerified).toBe(false);
    expect((await prove(customer, phone)).body.phoneVerified).toBe(true);
  });

  it('refuses a number already proven on another account', async () => {
    const phone = newNumber();
    expect((await prove(other, phone)).status).toBe(200);
    const second = await prove(quiet, phone);
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ error: 'conflict' });
  });
});

describe(`SMS about policies on ${runtime}`, () => {
  it('sends the decision on an application and each premium paid to a proven number, in the person\'s language', async () => {
    const phone = newNumber();
    await prove(customer, phone);
    await call(api, 'PUT', '/api/auth/language', customer, { language: 'bn' });
    const policy = await insertPolicy(api, { title: 'Shanti Term Life', title_bn: 'শান্তি মেয়াদি জীবন বিমা' });
    const id = await apply(api, customer, policy.id, { phone });
    await assign(api, admin, id, agent);
    // The agent sees that the number on the application is the customer's proven one.
    expect((await call(api, 'GET', `/api/applications/${id}`, agent)).body).toMatchObject({ phone, phoneVerified: true });
    // So do the agent's and the admin's lists, a row at a time.
    const listed = (path: string, who: typeof agent) => call(api, 'GET', path, who).then((answer) => (answer.body.items as { id: string; phoneVerified: boolean }[]).find((row) => row.id === id));
    expect(await listed(`/api/applications/assigned/${encodeURIComponent(agent.email)}/search`, agent)).toMatchObject({ phoneVerified: true });
    expect(await listed(`/api/applications/search?q=${encodeURIComponent('Shanti Term Life')}`, admin)).toMatchObject({ phoneVerified: true });
    // A number nobody proved is said to be so.
    const unproven = await apply(api, other, policy.id, { phone: newNumber() });
    const unprovenRow = (await call(api, 'GET', `/api/applications/search?q=${encodeURIComponent('Shanti Term Life')}`, admin)).body.items.find((row: { id: string }) => row.id === unproven);
    expect(unprovenRow).toMatchObject({ phoneVerified: false });
    // The same number typed the local way on an application is the same proven number.
    const local = await apply(api, customer, policy.id, { phone: `0${phone.slice(4)}` });
    expect((await call(api, 'GET', `/api/applications/${local}`, customer)).body).toMatchObject({ phoneVerified: true });
    const before = sms.messagesTo(phone).length;
    expect((await decide(api, agent, id, 'approved')).status).toBe(200);
    await expect.poll(() => sms.messagesTo(phone).slice(before).map((m) => m.message)).toEqual([
      'LifeSure: শান্তি মেয়াদি জীবন বিমার আবেদন অনুমোদিত। প্রথম প্রিমিয়াম দিতে অ্যাপ খুলুন।',
    ]);

    await call(api, 'PUT', '/api/auth/language', customer, { language: 'en' });
    const intent = (await (await post(api, '/api/create-payment-intent', { applicationId: id }, customer)).json()) as IntentAnswer;
    expect((await post(api, '/api/payments/demo/confirm', { paymentIntentId: intent.paymentIntentId, cardNumber: '4242 4242 4242 4242' }, customer)).status).toBe(200);
    expect((await post(api, '/api/payments/save', { applicationId: id, transactionId: intent.paymentIntentId }, customer)).status).toBe(201);
    const [paid] = await api.sql<{ receipt_number: string; paid_amount_minor: number }>('SELECT receipt_number, paid_amount_minor FROM applications WHERE id = ?', id);
    const taka = (paid!.paid_amount_minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
    await expect.poll(() => sms.messagesTo(phone).slice(before + 1).map((m) => m.message)).toEqual([
      `LifeSure: we received your premium of BDT ${taka} for Shanti Term Life. Receipt ${paid!.receipt_number}.`,
    ]);

    // A change asked for on the policy (issue 51): its decision reaches the proven number too.
    const asked = await call(api, 'POST', '/api/service-requests', customer, { applicationId: id, kind: 'duplicate_certificate', changes: {} }, { 'Idempotency-Key': crypto.randomUUID() });
    expect(asked.status).toBe(201);
    const requestId = (asked.body as { id: string }).id;
    expect((await call(api, 'POST', `/api/service-requests/${requestId}/decision`, agent, { status: 'approved', reason: 'A new copy is on its way' })).status).toBe(200);
    await expect.poll(() => sms.messagesTo(phone).slice(before + 2).map((m) => m.message)).toEqual([
      'LifeSure: the change you asked for on Shanti Term Life was approved.',
    ]);
  });

  it('sends each decision on a claim: another document needed, then not approved', async () => {
    const phone = newNumber();
    await prove(claimant, phone);
    await api.sql(
      `INSERT INTO agent_requests (id, user_id, name, email, phone, nid, district, status, created_at, updated_at)
       VALUES ('sms-agent', ?, 'Agent', ?, '01700000000', '123456', 'Dhaka', 'approved', ?, ?)`,
      agent.id, agent.email, new Date().toISOString(), new Date().toISOString(),
    );
    const policy = await insertPolicy(api, { title: 'Health Shield', coverage_range: 50_000_000 });
    const held = await insertApplication(api, claimant, { policy_id: policy.id, policy_name: 'Health Shield', nid: '1990123456789', status: 'approved', payment_status: 'paid' });
    const id = crypto.randomUUID();
    const filed = await call(api, 'POST', '/api/claims', claimant, {
      id, claimNumber: 'CLM-SMSX-0001', policyNumber: held.id, insuredNid: '1990123456789', relation: 'policyholder', kind: 'hospitalisation',
      eventDate: '2026-01-10', description: 'Three days in hospital.', district: 'Dhaka', payoutMethod: 'bkash', payoutAccount: '01712345678',
    });
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    expect((await call(api, 'PATCH', `/api/claims/${id}/assign`, admin, { agentEmail: agent.email })).status).toBe(200);
    const before = sms.messagesTo(phone).length;
    expect((await call(api, 'POST', `/api/claims/${id}/review`, agent, { step: 'send_back', missing: 'The discharge certificate' })).status).toBe(200);
    await expect.poll(() => sms.messagesTo(phone).slice(before).map((m) => m.message)).toEqual([
      'LifeSure: your claim on Health Shield needs another document. Open the app to send it.',
    ]);
    expect((await call(api, 'POST', `/api/claims/${id}/resubmit`, claimant, { note: 'Added' })).status).toBe(200);
    expect((await call(api, 'POST', `/api/claims/${id}/review`, agent, { step: 'reject', reason: 'Not covered by this policy.' })).status).toBe(200);
    await expect.poll(() => sms.messagesTo(phone).slice(before + 1).map((m) => m.message)).toEqual([
      'LifeSure: your claim on Health Shield was not approved. Open the app for the reason.',
    ]);
  });

  it('sends nothing to a person who opted out, nor to a number that is not proven', async () => {
    const phone = newNumber();
    await prove(quiet, phone);
    expect((await call(api, 'PUT', '/api/auth/sms', quiet, { smsOptOut: true })).body).toEqual({ smsOptOut: true });
    expect((await call(api, 'GET', '/api/auth/me', quiet)).body.smsOptOut).toBe(true);
    const optedOut = await createApplicationFor(api, quiet, { status: 'approved' });
    const unproven = await createApplicationFor(api, other, { status: 'approved' });
    const typed = newNumber();
    await call(api, 'PATCH', '/api/auth/me', other, { phone: typed });
    const typedApplication = await apply(api, other, (await insertPolicy(api)).id, { phone: typed });
    expect((await call(api, 'GET', `/api/applications/${typedApplication}`, admin)).body.phoneVerified).toBe(false);
    const queuedBefore = await api.sql('SELECT id FROM sms_queue');
    for (const [user, application] of [[quiet, optedOut], [other, unproven]] as const) {
      const intent = (await (await post(api, '/api/create-payment-intent', { applicationId: application.id }, user)).json()) as IntentAnswer;
      await post(api, '/api/payments/demo/confirm', { paymentIntentId: intent.paymentIntentId, cardNumber: '4242 4242 4242 4242' }, user);
      expect((await post(api, '/api/payments/save', { applicationId: application.id, transactionId: intent.paymentIntentId }, user)).status).toBe(201);
    }
    expect(await api.sql("SELECT id FROM notifications WHERE event = 'payment.confirmed' AND user_id IN (?, ?)", quiet.id, other.id)).toHaveLength(2);
    expect(await api.sql('SELECT id FROM sms_queue')).toEqual(queuedBefore);
    expect(sms.messagesTo(phone).filter((m) => /premium/.test(m.message))).toEqual([]);
  });
});
