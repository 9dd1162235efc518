/**
 * Premium dues paid by bKash, Nagad and Rocket through SSLCommerz (issue 49): the session asks
 * the gateway for the server's sum of the dues chosen (checked as the card path checks them),
 * remembers them, and the IPN and the person's return, each confirmed with the validation API,
 * record them exactly once with a receipt listing them, even racing each other. A tampered
 * amount is refused; under ৳10 is refused with the dues ahead that reach it; the person comes
 * back to the policy's premiums page in the language they paid from.
 */
import { describe, expect, it } from 'vitest';
import { useApi, useStarted } from './support/app.ts';
import { call } from './support/calls.ts';
import { insertPolicyInForce } from './support/premiums.ts';
import { gatewayPosts, startSslcommerzStandIn } from './support/sslcommerz-stand-in.ts';
import { runtime } from './support/target.ts';
import type { TestUser } from './support/users.ts';

const gateway = useStarted(startSslcommerzStandIn, (standIn) => standIn.close());
const { api, holder, stranger } = useApi({ holder: 'user', stranger: 'user' }, { env: () => ({ ...gateway.env, SSLCOMMERZ_METHODS: 'bkash,nagad,rocket,card' }) });

type Due = { id: string; status: string; amountMinor: number; receiptId: string | null };
const premiumsOf = async (id: string) => (await call(api, 'GET', `/api/premiums/${id}`, holder)).body as { state: string; dues: Due[]; receipts: { id: string; dueIds: string[] }[] };

const openSession = (applicationId: string, dueIds: string[], extra: Record<string, unknown> = {}, who: TestUser = holder) =>
  call(api, 'POST', '/api/sslcommerz/session', who, { applicationId, method: 'bkash', dueIds, ...extra });

const { ipn, returnTo } = gatewayPosts(api, gateway);

const receiptRows = (applicationId: string) =>
  api.sql<{ id: string; due_ids: string; amount_minor: number; provider: string; method: string; revived: number; transaction_id: string }>(
    'SELECT id, due_ids, amount_minor, provider, method, revived, transaction_id FROM premium_receipts WHERE application_id = ?',
    applicationId,
  );
const paidNotices = async (applicationId: string) =>
  (await api.sql<{ n: number }>("SELECT COUNT(*) AS n FROM notifications WHERE entity_id = ? AND event = 'premium_paid'", applicationId))[0]?.n;

/** A policy in force whose first two monthly dues are to pay now, at `monthlyMinor` each. */
async function twoDuesToPay(monthlyMinor = 700) {
  const { id } = await insertPolicyInForce(api, holder, { startedDaysAgo: 10, monthlyMinor });
  const { dues } = await premiumsOf(id);
  return { id, dueIds: [dues[0]!.id, dues[1]!.id] };
}

describe(`premium dues through SSLCommerz on ${runtime}`, () => {
  it('pays two dues at once: the gateway is asked for their sum, the IPN records them once, the receipt lists both', async () => {
    const { id, dueIds } = await twoDuesToPay();
    // The client's word on the amount is not taken: there is no such field, the server sums.
    const opened = await openSession(id, dueIds, { amount: 100, amountInCents: 100 });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body).toMatchObject({ amount: 1400, currency: 'bdt', dueIds });
    expect(gateway.sessions.get(opened.body.tranId)?.fields).toMatchObject({ total_amount: '14.00', currency: 'BDT', multi_card_name: 'bkash', value_a: id });
    const [session] = await api.sql<{ amount_minor: number; due_ids: string }>('SELECT amount_minor, due_ids FROM sslcommerz_sessions WHERE tran_id = ?', opened.body.tranId);
    expect(session).toEqual({ amount_minor: 1400, due_ids: JSON.stringify(dueIds) });

    const fields = gateway.pay(opened.body.tranId);
    expect(await (await ipn(fields)).json()).toEqual({ received: true, recorded: true });
    expect(gateway.validations).toContain(fields.val_id);
    const [receipt, ...more] = await receiptRows(id);
    expect(more).toEqual([]);
    expect(receipt).toMatchObject({ amount_minor: 1400, provider: 'sslcommerz', method: 'bkash', revived: 0, transaction_id: fields.bank_tran_id });
    expect(JSON.parse(receipt!.due_ids)).toEqual(dueIds);
    const after = await premiumsOf(id);
    expect(after.state).toBe('in_force');
    expect(after.dues.slice(0, 2).map((due) => [due.status, due.receiptId])).toEqual([['paid', receipt!.id], ['paid', receipt!.id]]);
    expect(after.dues[2]?.status).not.toBe('paid');
    expect(after.receipts).toEqual([expect.objectContaining({ id: receipt!.id, dueIds, amountMinor: 1400, provider: 'sslcommerz', method: 'bkash' })]);
    expect(await paidNotices(id)).toBe(1);

    // The person's return afterwards lands on the premiums page, saying it is paid; nothing twice.
    const back = await returnTo('success', fields);
    expect([back.status, back.headers.get('location')]).toEqual([303, `/dashboard/premiums/${id}?result=paid`]);
    expect(await receiptRows(id)).toHaveLength(1);
    expect(await paidNotices(id)).toBe(1);
  });

  it('the IPN three times and the return twice, all validating at once, record the dues once', async () => {
    const { id, dueIds } = await twoDuesToPay(900);
    const opened = await openSession(id, dueIds, { method: 'nagad', language: 'bn' });
    expect(opened.status).toBe(200);
    const fields = gateway.pay(opened.body.tranId, { cardType: 'NAGAD-Nagad' });
    // Every confirmation waits at the validation API until all five are there: a true race.
    const release = gateway.hold(fields.val_id as string);
    const answers = Promise.all([ipn(fields), ipn(fields), returnTo('success', fields), ipn(fields), returnTo('success', fields)]);
    await expect.poll(() => gateway.validations.filter((v) => v === fields.val_id).length).toBe(5);
    release();
    const settled = await answers;
    expect(settled.map((r) => r.status)).toEqual([200, 200, 303, 200, 303]);
    const recorded = await Promise.all([0, 1, 3].map(async (i) => ((await settled[i]!.json()) as { recorded: boolean }).recorded));
    expect(recorded.filter(Boolean).length).toBeLessThanOrEqual(1);
    // Paid from Bangla: back to the Bangla premiums page.
    for (const i of [2, 4]) expect(settled[i]!.headers.get('location')).toBe(`/bn/dashboard/premiums/${id}?result=paid`);
    const receipts = await receiptRows(id);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ amount_minor: 1800, method: 'nagad' });
    expect(await paidNotices(id)).toBe(1);
    expect(await api.sql("SELECT COUNT(*) AS n FROM audit_log WHERE entity_id = ? AND action = 'premium.pay'", id)).toEqual([{ n: 1 }]);
    expect(gateway.refunds.filter((r) => r.bankTranId === fields.bank_tran_id)).toEqual([]);
    const [session] = await api.sql<{ status: string }>('SELECT status FROM sslcommerz_sessions WHERE tran_id = ?', opened.body.tranId);
    expect(session?.status).toBe('paid');
  });

  const tampered: [string, (standIn: typeof gateway, tranId: string) => Record<string, string>][] = [
    ['paid less at the gateway than the session asked', (standIn, tranId) => standIn.pay(tranId, { amount: '7.00' })],
    [
      'a validation answer with another amount',
      (standIn, tranId) => {
        const fields = standIn.pay(tranId);
        standIn.answerFor(fields.val_id as string, { amount: '7.00', currency_amount: '7.00' });
        return fields;
      },
    ],
  ];
  for (const [what, payTampered] of tampered) {
    it(`refuses a tampered amount (${what}): the dues stay unpaid, the reason audited, the person told`, async () => {
      const { id, dueIds } = await twoDuesToPay();
      const opened = await openSession(id, dueIds, { language: 'bn' });
      const fields = payTampered(gateway, opened.body.tranId);
      const body = (await (await ipn(fields)).json()) as { recorded: boolean; reason: string };
      expect(body).toMatchObject({ recorded: false, reason: expect.stringContaining('amount') });
      const back = await returnTo('success', fields);
      expect(back.headers.get('location')).toBe(`/bn/dashboard/premiums/${id}?result=refused`);
      expect(await receiptRows(id)).toEqual([]);
      expect((await premiumsOf(id)).dues.slice(0, 2).map((due) => due.status)).not.toContain('paid');
      expect(await api.sql("SELECT to_value FROM audit_log WHERE entity_id = ? AND action = 'payment.refused'", id)).toEqual([{ to_value: body.reason }]);
    });
  }

  it('under ৳10 is refused with the next dues ahead that reach it, and no session is opened; the suggestion is accepted', async () => {
    const { id } = await insertPolicyInForce(api, holder, { startedDaysAgo: 3, monthlyMinor: 300 });
    const { dues } = await premiumsOf(id);
    const sessionsBefore = gateway.sessions.size;
    const small = await openSession(id, [dues[0]!.id]);
    expect(small.status).toBe(422);
    expect(small.body.details).toEqual({ minimumMinor: 1000, amountMinor: 300, suggestedDueIds: dues.slice(0, 4).map((d) => d.id), suggestedAmountMinor: 1200 });
    expect(gateway.sessions.size).toBe(sessionsBefore);
    expect(await api.sql('SELECT COUNT(*) AS n FROM sslcommerz_sessions WHERE application_id = ?', id)).toEqual([{ n: 0 }]);
    const suggested = await openSession(id, small.body.details.suggestedDueIds);
    expect(suggested.status).toBe(200);
    expect(suggested.body.amount).toBe(1200);
    expect(gateway.sessions.get(suggested.body.tranId)?.fields.total_amount).toBe('12.00');
  });

  it('refuses dues out of order, someone else\'s policy, and the application fee\'s way stays for unpaid applications', async () => {
    const { id } = await insertPolicyInForce(api, holder, { startedDaysAgo: 3, monthlyMinor: 2000 });
    const { dues } = await premiumsOf(id);
    const gap = await openSession(id, [dues[1]!.id]);
    expect([gap.status, gap.body.message]).toEqual([422, 'Please pay the earliest unpaid dues first']);
    expect((await openSession(id, [dues[0]!.id], {}, stranger)).status).toBe(403);
    expect((await openSession('no-such-application', [dues[0]!.id])).status).toBe(404);
  });

  it('a lapsed policy is revived by paying its arrears by bKash; the audit log says so', async () => {
    const { id } = await insertPolicyInForce(api, holder, { startedDaysAgo: 75, monthlyMinor: 1500 });
    const before = await premiumsOf(id);
    expect(before.state).toBe('lapsed');
    const arrears = before.dues.filter((d) => d.status === 'overdue').map((d) => d.id);
    const opened = await openSession(id, arrears, { method: 'rocket' });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const fields = gateway.pay(opened.body.tranId, { cardType: 'DBBLMOBILEB-Dbbl Mobile Banking' });
    const back = await returnTo('success', fields);
    expect(back.headers.get('location')).toBe(`/dashboard/premiums/${id}?result=paid`);
    expect((await receiptRows(id))[0]).toMatchObject({ revived: 1, method: 'rocket', amount_minor: 1500 * arrears.length });
    expect((await premiumsOf(id)).state).toBe('in_force');
    expect(await api.sql("SELECT from_value, to_value FROM audit_log WHERE entity_id = ? AND action = 'policy.revive'", id)).toEqual([
      { from_value: 'lapsed', to_value: 'in_force' },
    ]);
  });

  it('a second payment of dues already paid records nothing and is refunded at once', async () => {
    const { id, dueIds } = await twoDuesToPay();
    const first = await openSession(id, dueIds);
    const second = await openSession(id, dueIds);
    const firstPaid = gateway.pay(first.body.tranId);
    const secondPaid = gateway.pay(second.body.tranId);
    expect(await (await ipn(firstPaid)).json()).toEqual({ received: true, recorded: true });
    const refused = (await (await ipn(secondPaid)).json()) as { recorded: boolean; reason: string };
    expect(refused).toMatchObject({ recorded: false, reason: expect.stringContaining('refunded') });
    expect(gateway.refunds.filter((r) => r.bankTranId === secondPaid.bank_tran_id)).toEqual([expect.objectContaining({ refundAmount: '14.00' })]);
    expect(await receiptRows(id)).toHaveLength(1);
    expect((await returnTo('success', secondPaid)).headers.get('location')).toBe(`/dashboard/premiums/${id}?result=refused`);
  });

  it('a payment cancelled at the gateway leaves the dues unpaid and brings the person back to the premiums page', async () => {
    const { id, dueIds } = await twoDuesToPay();
    const opened = await openSession(id, dueIds, { language: 'bn' });
    const back = await returnTo('cancel', { tran_id: opened.body.tranId, status: 'CANCELLED' });
    expect([back.status, back.headers.get('location')]).toEqual([303, `/bn/dashboard/premiums/${id}?result=cancelled`]);
    expect(await receiptRows(id)).toEqual([]);
  });
});
