/**
 * bKash, Nagad and cards through SSLCommerz: the API (the official sslcommerz-lts package on
 * Node, its fetch twin on workerd) talks to a local stand-in of the sandbox's session,
 * validation and refund APIs; the tests post the gateway's IPN and the person's return as
 * the gateway does, signed with verify_sign.
 */
import { describe, expect, it } from 'vitest';
import { useApi, useStarted } from './support/app.ts';
import { adminReject, assign, call } from './support/calls.ts';
import { createApplicationFor, expectPaidOnce, paymentTrail, post } from './support/payment-fixtures.ts';
import { gatewayPosts, signFields, startSslcommerzStandIn } from './support/sslcommerz-stand-in.ts';
import { runtime } from './support/target.ts';
import type { TestUser } from './support/users.ts';

const gateway = useStarted(startSslcommerzStandIn, (standIn) => standIn.close());
const { api, owner, stranger, admin, agent } = useApi({ owner: 'user', stranger: 'user', admin: 'admin', agent: 'agent' }, { env: () => gateway.env });

async function openSession(applicationId: string, method = 'bkash', user: TestUser = owner) {
  const res = await post(api, '/api/sslcommerz/session', { applicationId, method }, user);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { gatewayUrl: string; tranId: string; amount: number; currency: string };
}

/** The gateway's server posting the signed fields to our IPN address; the person's browser on its way back. */
const { ipn, returnTo } = gatewayPosts(api, gateway);

async function paidAtGateway(cardType?: string) {
  const application = await createApplicationFor(api, owner);
  const session = await openSession(application.id);
  const fields = gateway.pay(session.tranId, { cardType });
  return { application, session, fields };
}

const refusals = async (applicationId: string) =>
  api.sql<{ to_value: string }>("SELECT to_value FROM audit_log WHERE entity_id = ? AND action = 'payment.refused'", applicationId);

describe(`SSLCommerz on ${runtime}`, () => {
  it('offers what is configured on the payment page', async () => {
    const config = (await (await api.fetch('/api/client-config')).json()) as { sslcommerz: unknown };
    expect(config.sslcommerz).toEqual({ methods: ['bkash', 'nagad', 'card'] });
  });

  it('opens a session at the server price in taka, with our return and IPN addresses', async () => {
    const application = await createApplicationFor(api, owner);
    const session = await openSession(application.id, 'nagad');
    expect(session.gatewayUrl.startsWith(gateway.url)).toBe(true);
    expect(session).toMatchObject({ amount: 5000, currency: 'bdt' });
    const asked = gateway.sessions.get(session.tranId)?.fields;
    expect(asked).toMatchObject({ total_amount: '50.00', currency: 'BDT', multi_card_name: 'nagad', value_a: application.id });
    expect(asked?.success_url).toMatch(/\/api\/sslcommerz\/return\/success$/);
    expect(asked?.fail_url).toMatch(/\/api\/sslcommerz\/return\/fail$/);
    expect(asked?.cancel_url).toMatch(/\/api\/sslcommerz\/return\/cancel$/);
    expect(asked?.ipn_url).toMatch(/\/api\/sslcommerz\/ipn$/);
  });

  it('refuses to open a session for someone else\'s application', async () => {
    const application = await createApplicationFor(api, owner);
    const res = await post(api, '/api/sslcommerz/session', { applicationId: application.id, method: 'bkash' }, stranger);
    expect(res.status).toBe(403);
  });

  it('happy path: the IPN, confirmed by the validation API, marks the application paid with a receipt', async () => {
    const { application, fields } = await paidAtGateway();
    const res = await ipn(fields);
    expect(await res.json()).toEqual({ received: true, recorded: true });
    const trail = await expectPaidOnce(api, application.id);
    expect(trail.payments[0]).toMatchObject({ provider: 'sslcommerz', amount_minor: 5000, currency: 'bdt', transaction_id: fields.bank_tran_id });
    expect(gateway.validations).toContain(fields.val_id);
    const receipt = await call(api, 'GET', `/api/receipts/${application.id}`, owner);
    expect(receipt.status).toBe(200);
    expect(receipt.body).toMatchObject({ amountMinor: 5000, currency: 'bdt', method: 'bkash', provider: 'sslcommerz', transactionId: fields.bank_tran_id, refundedAt: null });
    expect(receipt.body.receiptNumber).toMatch(/^RC-\d{8}-[0-9A-F]{8}$/);
    // The person's return afterwards lands on the payment page, saying it is paid; nothing twice.
    const back = await returnTo('success', fields);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`/dashboard/payment/${application.id}?result=paid`);
    await expectPaidOnce(api, application.id);
  });

  it('the same IPN three times (and the return, all at once) marks the application paid once', async () => {
    const { application, fields } = await paidAtGateway('NAGAD-Nagad');
    const answers = await Promise.all([ipn(fields), ipn(fields), ipn(fields), returnTo('success', fields)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 303]);
    const recorded = await Promise.all(answers.slice(0, 3).map(async (r) => ((await r.json()) as { recorded: boolean }).recorded));
    expect(recorded.filter(Boolean).length).toBeLessThanOrEqual(1);
    const trail = await expectPaidOnce(api, application.id);
    expect(trail.payments[0]?.provider).toBe('sslcommerz');
    const [paid] = await api.sql<{ paid_method: string }>('SELECT paid_method FROM applications WHERE id = ?', application.id);
    expect(paid?.paid_method).toBe('nagad');
  });

  it('refuses an IPN whose signature does not verify', async () => {
    const { application, fields } = await paidAtGateway();
    const res = await ipn({ ...fields, amount: '5.00' });
    expect(res.status).toBe(400);
    const forged = await ipn(signFields({ ...fields, verify_sign: '', verify_key: '' }, 'not-the-store-password'));
    expect(forged.status).toBe(400);
    expect((await paymentTrail(api, application.id)).paymentStatus).toBe('unpaid');
  });

  const bent: [string, (valId: string, tranId: string) => Record<string, string>][] = [
    ['a wrong amount', () => ({ amount: '5.00', currency_amount: '5.00' })],
    ['a wrong currency', () => ({ currency_type: 'USD' })],
    ['a wrong transaction id', () => ({ tran_id: 'ins_someone_else' })],
    ['an INVALID validation answer', () => ({ status: 'INVALID_TRANSACTION' })],
    ['a risk flag', () => ({ risk_level: '1', risk_title: 'Card holder not verified' })],
  ];
  for (const [what, changes] of bent) {
    it(`refuses ${what}: the application stays unpaid, with a clear reason audited`, async () => {
      const { application, session, fields } = await paidAtGateway();
      gateway.answerFor(fields.val_id as string, changes(fields.val_id as string, session.tranId));
      const res = await ipn(fields);
      const body = (await res.json()) as { recorded: boolean; reason: string };
      expect(body.recorded).toBe(false);
      expect(body.reason).toBeTruthy();
      const back = await returnTo('success', fields);
      expect(back.headers.get('location')).toBe(`/dashboard/payment/${application.id}?result=refused`);
      const trail = await paymentTrail(api, application.id);
      expect(trail.paymentStatus).toBe('unpaid');
      expect(trail.payments).toHaveLength(0);
      expect(await refusals(application.id)).toEqual([{ to_value: body.reason }]);
    });
  }

  it('refuses a payment made to another store', async () => {
    const application = await createApplicationFor(api, owner);
    const session = await openSession(application.id);
    const fields = gateway.pay(session.tranId, { storeId: 'another0store' });
    const body = (await (await ipn(fields)).json()) as { recorded: boolean; reason: string };
    expect(body).toMatchObject({ recorded: false, reason: expect.stringContaining('another store') });
    expect((await paymentTrail(api, application.id)).paymentStatus).toBe('unpaid');
    expect(await refusals(application.id)).toHaveLength(1);
  });

  it('fail and cancel leave the application unpaid and say so on the payment page', async () => {
    for (const outcome of ['fail', 'cancel'] as const) {
      const application = await createApplicationFor(api, owner);
      const session = await openSession(application.id);
      const back = await returnTo(outcome, { tran_id: session.tranId, status: outcome === 'fail' ? 'FAILED' : 'CANCELLED' });
      expect(back.status).toBe(303);
      expect(back.headers.get('location')).toBe(`/dashboard/payment/${application.id}?result=${outcome === 'fail' ? 'failed' : 'cancelled'}`);
      expect((await paymentTrail(api, application.id)).paymentStatus).toBe('unpaid');
      const [row] = await api.sql<{ status: string }>('SELECT status FROM sslcommerz_sessions WHERE tran_id = ?', session.tranId);
      expect(row?.status).toBe(outcome === 'fail' ? 'failed' : 'cancelled');
    }
  });

  it('a held-up confirmation never marks two applications', async () => {
    const first = await paidAtGateway();
    const release = gateway.hold(first.fields.val_id as string);
    const held = ipn(first.fields);
    // Meanwhile the person starts paying another application, and a return names its
    // transaction with the first payment's validation id.
    const second = await createApplicationFor(api, owner);
    const secondSession = await openSession(second.id);
    const crossed = returnTo('success', { ...first.fields, tran_id: secondSession.tranId });
    await expect.poll(() => gateway.validations.filter((v) => v === first.fields.val_id).length).toBe(2);
    release();
    expect((await held).status).toBe(200);
    expect((await crossed).headers.get('location')).toBe(`/dashboard/payment/${second.id}?result=refused`);
    await expectPaidOnce(api, first.application.id);
    expect((await paymentTrail(api, second.id)).paymentStatus).toBe('unpaid');
    const [{ n } = { n: -1 }] = await api.sql<{ n: number }>('SELECT count(*) AS n FROM payments WHERE transaction_id = ?', first.fields.bank_tran_id);
    expect(n).toBe(1);
  });

  it('a paid pending application can still be assigned, and rejecting it refunds through SSLCommerz', async () => {
    const { application, fields } = await paidAtGateway();
    await ipn(fields);
    await expectPaidOnce(api, application.id);
    const assigned = await assign(api, admin, application.id, agent);
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    const rejected = await adminReject(api, admin, application.id);
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(gateway.refunds.filter((r) => r.bankTranId === fields.bank_tran_id)).toEqual([
      expect.objectContaining({ refundAmount: '50.00' }),
    ]);
    const receipt = await call(api, 'GET', `/api/receipts/${application.id}`, owner);
    expect(receipt.body.refundedAt).toEqual(expect.any(String));
    const [row] = await api.sql<{ payment_status: string; refunded_at: string | null }>('SELECT payment_status, refunded_at FROM applications WHERE id = ?', application.id);
    expect(row).toMatchObject({ payment_status: 'unpaid', refunded_at: expect.any(String) });
    const [payment] = await api.sql<{ refunded_at: string | null; refund_id: string }>('SELECT refunded_at, refund_id FROM payments WHERE application_id = ?', application.id);
    expect(payment?.refund_id).toMatch(/^RF/);
  });
});
