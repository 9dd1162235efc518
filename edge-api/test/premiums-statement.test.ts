/**
 * The premium statement of a Bangladeshi fiscal year (issue 49 part 6): payments on either side
 * of midnight between 30 June and 1 July fall in the years Dhaka's calendar puts them in (a
 * payment at 20:00 UTC on 30 June is 1 July in Dhaka); cash counts from when the agent took it;
 * the total; the current year by default (a matured policy's last one); years before the policy,
 * not begun or after its term refused with the reason; the holder, the assigned agent and admins.
 */
import { describe, expect, it } from 'vitest';
import { call } from './support/calls.ts';
import { useApi } from './support/app.ts';
import { insertPolicyInForce } from './support/premiums.ts';
import { runtime } from './support/target.ts';
import { dhakaToday } from '../src/schemas/claim.ts';
import { fiscalYearOf } from '../src/schemas/premium-schedule.ts';

const { api, holder, stranger, agent, otherAgent, admin } = useApi({ holder: 'user', stranger: 'user', agent: 'agent', otherAgent: 'agent', admin: 'admin' });

const statementOf = (id: string, query = '', who = holder) => call(api, 'GET', `/api/premiums/${id}/statement${query}`, who);
/** The start year of the fiscal year running today by the server's clock (Dhaka). */
const currentYear = () => fiscalYearOf(dhakaToday(new Date()));

/** A policy whose cover began on `startedAt` (the schedule is made from it on the first read). */
async function policyStartedAt(startedAt: string, options: Parameters<typeof insertPolicyInForce>[2] = {}) {
  const { id } = await insertPolicyInForce(api, holder, { agent, ...options });
  await api.sql('UPDATE applications SET paid_at = ?, decided_at = ?, applied_at = ? WHERE id = ?', startedAt, startedAt, startedAt, id);
  const dues = (await call(api, 'GET', `/api/premiums/${id}`, holder)).body.dues as { id: string; dueOn: string; amountMinor: number }[];
  return { id, dues };
}

let receipts = 0;
/** A payment of `dues` recorded as the payment routes record it, at a given moment (the app's clock is the real one). */
async function paid(applicationId: string, dues: readonly { id: string; amountMinor: number }[], at: string, field?: { collectedAt: string }) {
  receipts += 1;
  const receiptId = `statement-receipt-${receipts}-${crypto.randomUUID()}`;
  const amount = dues.reduce((total, due) => total + due.amountMinor, 0);
  await api.sql(
    `INSERT INTO premium_receipts (id, receipt_number, application_id, due_ids, amount_minor, currency, method, provider, transaction_id, collected_by, collected_at, paid_at)
     VALUES (?, ?, ?, ?, ?, 'bdt', ?, ?, ?, ?, ?, ?)`,
    receiptId,
    `RC-STMT-${receipts}-${receiptId.slice(-6)}`,
    applicationId,
    JSON.stringify(dues.map((due) => due.id)),
    amount,
    field ? 'cash' : 'bkash',
    field ? 'field' : 'sslcommerz',
    receiptId,
    field ? agent.email : null,
    field?.collectedAt ?? null,
    at,
  );
  for (const due of dues) await api.sql('UPDATE premium_dues SET paid_at = ?, receipt_id = ? WHERE id = ?', at, receiptId, due.id);
  return { receiptNumber: `RC-STMT-${receipts}-${receiptId.slice(-6)}`, amount };
}

describe(`the premium statement on ${runtime}`, () => {
  it('puts payments in the fiscal year of their Dhaka day: 30 June 23:59 in the one ending, 1 July 02:00 (20:00 UTC on 30 June) in the next; with the dues covered and the total', async () => {
    const y = currentYear();
    const { id, dues } = await policyStartedAt(`${y}-01-15T04:00:00.000Z`);
    expect(dues[0]!.dueOn).toBe(`${y}-01-15`);
    const january = await paid(id, dues.slice(0, 2), `${y}-01-15T05:00:00.000Z`);
    const lastEvening = await paid(id, dues.slice(2, 5), `${y}-06-30T17:59:00.000Z`);
    // Cash handed to the agent on 30 June (Dhaka), reaching the server on 2 July: the day it was paid counts.
    const cash = await paid(id, dues.slice(5, 6), `${y}-07-02T09:00:00.000Z`, { collectedAt: `${y}-06-30T10:00:00.000Z` });
    const firstNight = await paid(id, dues.slice(6, 8), `${y}-06-30T20:00:00.000Z`);

    const before = await statementOf(id, `?year=${y - 1}`);
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    expect(before.body).toMatchObject({
      applicationId: id,
      holder: expect.any(String),
      policyNumber: expect.stringMatching(/^BD-/),
      year: y - 1,
      fiscalYear: `${y - 1}-${String(y % 100).padStart(2, '0')}`,
      from: `${y - 1}-07-01`,
      to: `${y}-06-30`,
      years: [y - 1, y],
      issuedOn: dhakaToday(new Date()),
    });
    expect(before.body.payments.map((p: { receiptNumber: string }) => p.receiptNumber)).toEqual([january.receiptNumber, cash.receiptNumber, lastEvening.receiptNumber]);
    expect(before.body.payments.map((p: { paidOn: string }) => p.paidOn)).toEqual([`${y}-01-15`, `${y}-06-30`, `${y}-06-30`]);
    expect(before.body.payments[1]).toMatchObject({ paidAt: `${y}-06-30T10:00:00.000Z`, method: 'cash', provider: 'field', collectedBy: agent.email });
    expect(before.body.payments[0].dues).toEqual(dues.slice(0, 2).map(({ id: dueId, dueOn, amountMinor }) => ({ id: dueId, dueOn, amountMinor })));
    expect(before.body.totalMinor).toBe(january.amount + lastEvening.amount + cash.amount);
    expect(before.body.totalMinor).toBe(dues.slice(0, 6).reduce((total, due) => total + due.amountMinor, 0));

    const after = await statementOf(id, `?year=${y}`);
    expect(after.status).toBe(200);
    expect(after.body.payments).toHaveLength(1);
    expect(after.body.payments[0]).toMatchObject({ receiptNumber: firstNight.receiptNumber, paidOn: `${y}-07-01`, method: 'bkash', provider: 'sslcommerz', amountMinor: firstNight.amount });
    expect(after.body.payments[0].dues.map((d: { id: string }) => d.id)).toEqual(dues.slice(6, 8).map((d) => d.id));
    expect(after.body.totalMinor).toBe(firstNight.amount);

    // No year: the current one.
    const current = await statementOf(id);
    expect(current.status).toBe(200);
    expect(current.body).toMatchObject({ year: y, totalMinor: firstNight.amount });
  });

  it('a collection recorded through the API is on the current year\'s statement, and the total is the sum of every payment in it', async () => {
    const { id } = await insertPolicyInForce(api, holder, { agent, startedDaysAgo: 20 });
    const { dues } = (await call(api, 'GET', `/api/premiums/${id}`, holder)).body;
    const body = { dueIds: [dues[0].id, dues[1].id], amountMinor: dues[0].amountMinor + dues[1].amountMinor, collectedAt: new Date().toISOString() };
    const collected = await call(api, 'POST', `/api/premiums/${id}/collections`, agent, body, { 'idempotency-key': crypto.randomUUID() });
    expect(collected.status, JSON.stringify(collected.body)).toBe(201);
    const { status, body: statement } = await statementOf(id);
    expect(status).toBe(200);
    expect(statement.year).toBe(currentYear());
    expect(statement.payments).toEqual([
      {
        receiptNumber: collected.body.receipt.receiptNumber,
        paidAt: body.collectedAt,
        paidOn: dhakaToday(new Date(body.collectedAt)),
        method: 'cash',
        provider: 'field',
        amountMinor: body.amountMinor,
        collectedBy: agent.email,
        dues: [dues[0], dues[1]].map((d: { id: string; dueOn: string; amountMinor: number }) => ({ id: d.id, dueOn: d.dueOn, amountMinor: d.amountMinor })),
      },
    ]);
    expect(statement.totalMinor).toBe(body.amountMinor);
  });

  it('an empty year is a statement with no payments and a total of 0', async () => {
    const { id } = await insertPolicyInForce(api, holder);
    const { status, body } = await statementOf(id);
    expect(status).toBe(200);
    expect(body).toMatchObject({ payments: [], totalMinor: 0, years: [currentYear()] });
  });

  it('refuses a year before the policy, one not begun and one after its term with the reason (422); a year not of four digits 400', async () => {
    const y = currentYear();
    const { id } = await policyStartedAt(`${y}-01-15T04:00:00.000Z`);
    const early = await statementOf(id, `?year=${y - 2}`);
    expect(early.status).toBe(422);
    expect(early.body).toMatchObject({ error: 'validation_failed', message: `This policy began on ${y}-01-15: its first fiscal year is ${y - 1}-${String(y % 100).padStart(2, '0')}`, details: { years: [y - 1, y] } });
    expect(early.body.fields.year).toBe(early.body.message);
    const future = await statementOf(id, `?year=${y + 1}`);
    expect(future.status).toBe(422);
    expect(future.body.message).toBe(`The fiscal year ${y + 1}-${String((y + 2) % 100).padStart(2, '0')} has not begun yet`);
    for (const bad of ['20x5', '25', '-2025', '']) {
      const answer = await statementOf(id, `?year=${bad}`);
      expect(answer.status, bad).toBe(400);
      expect(answer.body.fields.year).toBe('The year must be four digits: the fiscal year starting 1 July of it');
    }

    // A 3-year policy that ended on 15 January: its statements stop at the year that holds that day, the default.
    const { id: matured } = await policyStartedAt(`${y - 3}-01-15T04:00:00.000Z`, { termYears: 3, mode: 'yearly' });
    const last = await statementOf(matured);
    expect(last.status).toBe(200);
    expect(last.body).toMatchObject({ year: y - 1, years: [y - 4, y - 3, y - 2, y - 1] });
    const after = await statementOf(matured, `?year=${y}`);
    expect(after.status).toBe(422);
    expect(after.body.message).toBe(`The policy's term ended on ${y}-01-15: its last fiscal year is ${y - 1}-${String(y % 100).padStart(2, '0')}`);
  });

  it('the holder, the assigned agent and admins read it; another customer and another agent are refused; no policy in force is not found', async () => {
    const { id } = await insertPolicyInForce(api, holder, { agent });
    expect((await statementOf(id, '', holder)).status).toBe(200);
    expect((await statementOf(id, '', agent)).status).toBe(200);
    expect((await statementOf(id, '', admin)).status).toBe(200);
    const refused = await statementOf(id, '', stranger);
    expect(refused.status).toBe(403);
    expect(refused.body.payments).toBeUndefined();
    expect((await statementOf(id, '', otherAgent)).status).toBe(403);
    // Another customer learns nothing of the policy's years from a refused year either.
    expect((await statementOf(id, '?year=1990', stranger)).status).toBe(403);
    expect((await call(api, 'GET', `/api/premiums/${id}/statement`, null)).status).toBe(401);
    expect((await statementOf('no-such-application', '', admin)).status).toBe(404);
    await api.sql("UPDATE applications SET payment_status = 'unpaid' WHERE id = ?", id);
    expect((await statementOf(id, '', holder)).status).toBe(404);
  });
});
