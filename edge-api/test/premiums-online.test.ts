/**
 * Paying dues online (issue 49) through the existing routes with `dueIds`, here in the demo mode
 * (the same server-side checks as Stripe): two dues at once, the amount the server's sum,
 * recorded once however often it is saved (in parallel too), a receipt that lists the dues;
 * less than ৳10 refused with the next dues ahead to reach it; dues out of order refused; a
 * lapsed policy revived by paying every due in arrears, and the audit log says so; past the
 * revival window, refused.
 */
import { describe, expect, it } from 'vitest';
import { call } from './support/calls.ts';
import { useApi } from './support/app.ts';
import { insertPolicyInForce } from './support/premiums.ts';
import { runtime } from './support/target.ts';
import type { TestUser } from './support/users.ts';

const demoCard = '4242 4242 4242 4242';

describe(`paying dues online on ${runtime}`, () => {
  const { api, holder, stranger } = useApi({ holder: 'user', stranger: 'user' });
  const premiumsOf = (id: string) => call(api, 'GET', `/api/premiums/${id}`, holder);

  async function pay(applicationId: string, dueIds: string[], who: TestUser = holder) {
    const intent = await call(api, 'POST', '/api/create-payment-intent', who, { applicationId, dueIds, amountInCents: 1 });
    if (intent.status !== 200) return { intent, saved: null };
    expect((await call(api, 'POST', '/api/payments/demo/confirm', who, { paymentIntentId: intent.body.paymentIntentId, cardNumber: demoCard })).status).toBe(200);
    const saved = await call(api, 'POST', '/api/payments/save', who, { applicationId, transactionId: intent.body.paymentIntentId, dueIds });
    return { intent, saved };
  }

  it('pays two dues at once: the server sums them, records them once, and the receipt lists both', async () => {
    const { id } = await insertPolicyInForce(api, holder, { startedDaysAgo: 10, monthlyMinor: 700 });
    const { dues } = (await premiumsOf(id)).body;
    const dueIds = [dues[0].id, dues[1].id];
    const { intent, saved } = await pay(id, dueIds);
    expect(intent.body).toMatchObject({ amount: 1400, currency: 'bdt', mode: 'demo', dueIds });
    expect(saved!.status).toBe(201);
    expect(saved!.body).toMatchObject({ recordedNow: true, receipt: { dueIds, amountMinor: 1400, provider: 'demo', method: 'demo', revived: false } });
    expect(saved!.body.receipt.receiptNumber).toMatch(/^RC-\d{8}-[0-9A-F]{8}$/);
    // Saved again, three times at once: recorded already, nothing twice.
    const again = await Promise.all(
      [1, 2, 3].map(() => call(api, 'POST', '/api/payments/save', holder, { applicationId: id, transactionId: intent.body.paymentIntentId, dueIds })),
    );
    expect(again.map((a) => [a.status, a.body.recordedNow, a.body.receipt.id])).toEqual(Array(3).fill([200, false, saved!.body.receipt.id]));
    const after = (await premiumsOf(id)).body;
    expect(after.state).toBe('in_force');
    expect(after.dues.slice(0, 3).map((d: { status: string }) => d.status)).toEqual(['paid', 'paid', expect.stringMatching(/due|upcoming/)]);
    expect(after.receipts).toEqual([saved!.body.receipt]);
    expect(await api.sql("SELECT COUNT(*) AS n FROM notifications WHERE entity_id = ? AND event = 'premium_paid'", id)).toEqual([{ n: 1 }]);
  });

  it('under ৳10 is refused with the next dues ahead that reach it; out of order, twice, or someone else\'s too', async () => {
    const { id } = await insertPolicyInForce(api, holder, { startedDaysAgo: 3, monthlyMinor: 300 });
    const { dues } = (await premiumsOf(id)).body;
    const small = await call(api, 'POST', '/api/create-payment-intent', holder, { applicationId: id, dueIds: [dues[0].id] });
    expect(small.status).toBe(422);
    expect(small.body.details).toEqual({ minimumMinor: 1000, amountMinor: 300, suggestedDueIds: dues.slice(0, 4).map((d: { id: string }) => d.id), suggestedAmountMinor: 1200 });
    const gap = await call(api, 'POST', '/api/create-payment-intent', holder, { applicationId: id, dueIds: dues.slice(1, 5).map((d: { id: string }) => d.id) });
    expect([gap.status, gap.body.message]).toEqual([422, 'Please pay the earliest unpaid dues first']);
    expect((await call(api, 'POST', '/api/create-payment-intent', stranger, { applicationId: id, dueIds: dues.slice(0, 4).map((d: { id: string }) => d.id) })).status).toBe(403);
    // The suggested dues are accepted.
    const { saved } = await pay(id, small.body.details.suggestedDueIds);
    expect(saved!.status).toBe(201);
  });

  it('a payment made for some dues does not pay others', async () => {
    const { id } = await insertPolicyInForce(api, holder, { startedDaysAgo: 3, monthlyMinor: 2000 });
    const { dues } = (await premiumsOf(id)).body;
    const intent = await call(api, 'POST', '/api/create-payment-intent', holder, { applicationId: id, dueIds: [dues[0].id] });
    await call(api, 'POST', '/api/payments/demo/confirm', holder, { paymentIntentId: intent.body.paymentIntentId, cardNumber: demoCard });
    const other = await call(api, 'POST', '/api/payments/save', holder, { applicationId: id, transactionId: intent.body.paymentIntentId, dueIds: [dues[0].id, dues[1].id] });
    expect(other.status).toBe(409);
    expect(await api.sql('SELECT COUNT(*) AS n FROM premium_receipts WHERE application_id = ?', id)).toEqual([{ n: 0 }]);
  });

  it('a lapsed policy is revived by paying every due in arrears; fewer are refused; the audit log says so', async () => {
    const { id } = await insertPolicyInForce(api, holder, { startedDaysAgo: 75, monthlyMinor: 1500 });
    const before = (await premiumsOf(id)).body;
    expect(before.state).toBe('lapsed');
    const arrears = before.dues.filter((d: { status: string }) => d.status === 'overdue').map((d: { id: string }) => d.id);
    expect(arrears.length).toBeGreaterThanOrEqual(3);
    const partial = await call(api, 'POST', '/api/create-payment-intent', holder, { applicationId: id, dueIds: arrears.slice(0, 1) });
    expect([partial.status, partial.body.message]).toEqual([422, 'A lapsed policy is revived by paying every due in arrears at once']);
    const { saved } = await pay(id, arrears);
    expect(saved!.status).toBe(201);
    expect(saved!.body.receipt.revived).toBe(true);
    expect((await premiumsOf(id)).body.state).toBe('in_force');
    expect(await api.sql("SELECT action, from_value, to_value FROM audit_log WHERE entity_id = ? AND action = 'policy.revive'", id)).toEqual([
      { action: 'policy.revive', from_value: 'lapsed', to_value: 'in_force' },
    ]);
  });
});

describe(`the revival window on ${runtime}`, () => {
  const { api, holder } = useApi({ holder: 'user' }, { env: { PREMIUM_REVIVAL_DAYS: '20' } });

  it('past PREMIUM_REVIVAL_DAYS after the lapse, arrears can no longer be paid', async () => {
    const { id } = await insertPolicyInForce(api, holder, { startedDaysAgo: 75, monthlyMinor: 1500 });
    const before = (await call(api, 'GET', `/api/premiums/${id}`, holder)).body;
    expect(before).toMatchObject({ state: 'lapsed', revivalDays: 20 });
    const arrears = before.dues.filter((d: { status: string }) => d.status === 'overdue').map((d: { id: string }) => d.id);
    const refused = await call(api, 'POST', '/api/create-payment-intent', holder, { applicationId: id, dueIds: arrears });
    expect([refused.status, refused.body.message]).toEqual([422, 'The policy lapsed too long ago to be revived']);
  });
});
