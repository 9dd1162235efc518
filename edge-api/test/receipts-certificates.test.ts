/**
 * What a payment and a policy leave the customer (issue 26): the receipt of a confirmed payment
 * and the certificate of a policy in force, for the owner and admins only, and the public
 * verification of a certificate's code, which shows a masked name and nothing else personal.
 */
import { describe, expect, it } from 'vitest';
import { useApi } from './support/app.ts';
import { assign, call, decide } from './support/calls.ts';
import { createApplicationFor, type IntentAnswer, post } from './support/payment-fixtures.ts';
import { pullEverything } from './support/sync-pulls.ts';
import { runtime } from './support/target.ts';

const { api, owner, stranger, agent, admin } = useApi(
  { owner: { role: 'user', name: 'Rahim Uddin' }, stranger: 'user', agent: 'agent', admin: 'admin' },
  { env: { RATE_LIMIT_VERIFY: '8/600' } },
);

/** Paid in the demo mode, as the payment page does it. */
async function payInDemo(applicationId: string) {
  const intent = (await (await post(api, '/api/create-payment-intent', { applicationId }, owner)).json()) as IntentAnswer;
  expect((await post(api, '/api/payments/demo/confirm', { paymentIntentId: intent.paymentIntentId, cardNumber: '4242 4242 4242 4242' }, owner)).status).toBe(200);
  expect((await post(api, '/api/payments/save', { applicationId, transactionId: intent.paymentIntentId }, owner)).status).toBe(201);
  return intent.paymentIntentId;
}

describe(`receipts and certificates on ${runtime}`, () => {
  it('a confirmed payment has a receipt, for its owner and admins only; the certificate waits for approval', async () => {
    const application = await createApplicationFor(api, owner);
    expect((await call(api, 'GET', `/api/receipts/${application.id}`, owner)).status).toBe(404);
    const transactionId = await payInDemo(application.id);

    const receipt = await call(api, 'GET', `/api/receipts/${application.id}`, owner);
    expect(receipt.status).toBe(200);
    expect(receipt.body).toMatchObject({
      applicationId: application.id,
      amountMinor: 5000,
      currency: 'bdt',
      method: 'demo',
      provider: 'demo',
      transactionId,
      policyName: application.policyName,
      refundedAt: null,
    });
    expect(receipt.body.receiptNumber).toMatch(/^RC-\d{8}-[0-9A-F]{8}$/);
    const [ledger] = await api.sql<{ receipt_number: string }>('SELECT receipt_number FROM payments WHERE application_id = ?', application.id);
    expect(ledger?.receipt_number).toBe(receipt.body.receiptNumber);
    expect((await call(api, 'GET', `/api/receipts/${application.id}`, admin)).body).toEqual(receipt.body);
    expect((await call(api, 'GET', `/api/receipts/${application.id}`, stranger)).status).toBe(403);
    expect((await call(api, 'GET', `/api/receipts/${application.id}`)).status).toBe(401);

    // The owner's own list carries it, for the offline copy; an agent's view of it does not.
    const own = await call(api, 'GET', `/api/applications/${application.id}`, owner);
    expect(own.body.papers).toMatchObject({ receipt: { receiptNumber: receipt.body.receiptNumber }, certificate: null });
    expect((await call(api, 'GET', `/api/certificates/${application.id}`, owner)).status).toBe(404);

    // Paid, then assigned and approved: a policy in force.
    expect((await assign(api, admin, application.id, agent)).status).toBe(200);
    expect((await call(api, 'GET', `/api/receipts/${application.id}`, agent)).status).toBe(403);
    expect((await call(api, 'GET', `/api/applications/${application.id}`, agent)).body.papers).toBeUndefined();
    expect((await decide(api, agent, application.id, 'approved')).status).toBe(200);

    // The offline copy: the owner's and an admin's pull carry the receipt and the certificate, the agent's does not.
    const pulled = async (who: typeof owner) =>
      (await pullEverything(api, who)).changes.applications.upserts.find((a: { id: string }) => a.id === application.id) as { papers?: { receipt: unknown; certificate: unknown } } | undefined;
    expect((await pulled(owner))?.papers).toMatchObject({ receipt: { receiptNumber: receipt.body.receiptNumber }, certificate: { verifyCode: expect.stringMatching(/^[0-9a-f]{32}$/) } });
    expect((await pulled(admin))?.papers?.certificate).toBeTruthy();
    const agentsCopy = await pulled(agent);
    expect(agentsCopy).toBeDefined();
    expect(agentsCopy?.papers).toBeUndefined();

    const certificate = await call(api, 'GET', `/api/certificates/${application.id}`, owner);
    expect(certificate.status).toBe(200);
    expect(certificate.body).toMatchObject({
      applicationId: application.id,
      holder: 'Rahim Uddin',
      nomineeName: 'Nominee Name',
      relationship: 'Spouse',
      policyName: application.policyName,
      termYears: expect.any(Number),
      coverageMinor: expect.any(Number),
    });
    expect(certificate.body.policyNumber).toMatch(/^BD-[0-9A-F]{10}$/);
    // 128 random bits, as hex.
    expect(certificate.body.verifyCode).toMatch(/^[0-9a-f]{32}$/);
    expect(new Date(certificate.body.endsAt).getUTCFullYear() - new Date(certificate.body.startsAt).getUTCFullYear()).toBe(certificate.body.termYears);
    expect((await call(api, 'GET', `/api/certificates/${application.id}`, admin)).status).toBe(200);
    expect((await call(api, 'GET', `/api/certificates/${application.id}`, stranger)).status).toBe(403);
    expect((await call(api, 'GET', `/api/certificates/${application.id}`, agent)).status).toBe(403);

    // Anyone with the QR code: valid and in force, the holder masked, nothing else personal.
    const verified = await call(api, 'GET', `/api/verify/${certificate.body.verifyCode}`);
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({
      valid: true,
      inForce: true,
      policyNumber: certificate.body.policyNumber,
      policyName: application.policyName,
      policyNameBn: null,
      holder: 'R**** U****',
      startsAt: certificate.body.startsAt,
      endsAt: certificate.body.endsAt,
      // Issue 49: its first premium is due today, so it is in force.
      state: 'in_force',
    });
    const text = JSON.stringify(verified.body);
    for (const personal of ['Rahim Uddin', owner.email, 'Nominee Name', 'Dhanmondi', '1990123456789']) expect(text).not.toContain(personal);
  });

  it('an unknown code says so with 404, and guessing codes is rate limited', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      statuses.push((await call(api, 'GET', `/api/verify/${crypto.randomUUID().replace(/-/g, '')}`)).status);
    }
    expect(statuses.slice(0, 5)).toEqual([404, 404, 404, 404, 404]);
    expect(statuses.at(-1)).toBe(429);
  });
});
