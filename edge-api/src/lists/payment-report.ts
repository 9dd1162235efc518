/**
 * The Transaction Dashboard's figures, computed by SQL over the whole filtered range: the
 * summary cards, income per local day for the chart, and one page of the table. Days are the
 * admin's local days (spec: inclusive from the start of the From day to the end of the To day),
 * so the request names its time zone.
 */
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.ts';
import { contains, pageOf, pageParams, pageWindow } from './paging.ts';
import { dayOf, dayParam, nextDay, startOfDay, timeZoneParam } from './time-zone.ts';

export const paymentFilterFields = {
  from: dayParam('From date'),
  to: dayParam('To date'),
  /** The zone the From and To days are in, and the chart's days; UTC when left out. */
  tz: timeZoneParam,
  email: z.string().trim().max(254, 'That email filter is too long').optional(),
  policyName: z.string().trim().max(200, 'That policy name filter is too long').optional(),
};
const fromNotAfterTo = (f: { from?: string | undefined; to?: string | undefined }) => !f.from || !f.to || f.from <= f.to;
const fromAfterTo = { message: 'From date must not be after To date', path: ['to'] };

export const paymentFilters = z.object(paymentFilterFields).refine(fromNotAfterTo, fromAfterTo);
export const paymentReportQuery = z.object({ ...paymentFilterFields, ...pageParams }).refine(fromNotAfterTo, fromAfterTo);
export type PaymentFilters = z.infer<typeof paymentFilters>;

/** A payment's amount in currency units (5000 poisha -> 50), kept on the transaction for the spec's API. */
const zeroDecimalCurrencies = new Set(['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf']);
export const toUnits = (minor: number, currency: string) => (zeroDecimalCurrencies.has(currency.toLowerCase()) ? minor : minor / 100);

export interface TransactionView {
  id: string;
  transactionId: string;
  email: string;
  policyName: string;
  amount: number;
  amountMinor: number;
  currency: string;
  paidAt: string;
  applicationId: string;
  /** 'Refunded': given back because its application ended rejected (payments/refunds.ts); not income. */
  status: 'Success' | 'Refunded';
  refundedAt: string | null;
}

type PaymentRow = {
  id: string;
  transaction_id: string;
  email: string;
  policy_name: string;
  amount_minor: number;
  currency: string;
  paid_at: string;
  application_id: string;
  refunded_at: string | null;
};

export const toTransaction = (row: PaymentRow): TransactionView => ({
  id: row.id,
  transactionId: row.transaction_id,
  email: row.email,
  policyName: row.policy_name,
  amount: toUnits(row.amount_minor, row.currency),
  amountMinor: row.amount_minor,
  currency: row.currency,
  paidAt: row.paid_at,
  applicationId: row.application_id,
  status: row.refunded_at ? 'Refunded' : 'Success',
  refundedAt: row.refunded_at,
});

/** The payments matching the filters (no order, no columns yet). */
export function filteredPayments(db: Kysely<Database>, filters: PaymentFilters) {
  const timeZone = filters.tz ?? 'UTC';
  let query = db.selectFrom('payments');
  if (filters.from) query = query.where('paid_at', '>=', startOfDay(filters.from, timeZone).toISOString());
  if (filters.to) query = query.where('paid_at', '<', startOfDay(nextDay(filters.to), timeZone).toISOString());
  if (filters.email) query = query.where(contains('email', filters.email));
  if (filters.policyName) query = query.where(contains('policy_name', filters.policyName));
  return query;
}

/** The newest payments matching the filters, at most `limit` (the spec's unpaged GET /payments/all). */
export async function newestTransactions(db: Kysely<Database>, filters: PaymentFilters, limit: number): Promise<TransactionView[]> {
  const rows = await filteredPayments(db, filters).selectAll().orderBy('paid_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map(toTransaction);
}

export interface DayIncome {
  /** yyyy-MM-dd in the request's zone */
  day: string;
  /** Poisha (every payment is BDT since migration 0170). */
  income: number;
}

/**
 * Income per local day. SQL sums per quarter hour of UTC (every zone's offset is a whole
 * number of quarter hours), oldest first; those few rows are then walked against the zone's
 * day boundaries, one Intl look-up per day rather than per payment.
 */
async function incomePerDay(db: Kysely<Database>, filters: PaymentFilters): Promise<DayIncome[]> {
  const timeZone = filters.tz ?? 'UTC';
  const quarter = sql<string>`substr(paid_at, 1, 14) || printf('%02d', (cast(substr(paid_at, 15, 2) AS INTEGER) / 15) * 15)`;
  const buckets = await filteredPayments(db, filters)
    .where('refunded_at', 'is', null)
    .select([quarter.as('quarter'), 'currency', sql<number>`sum(amount_minor)`.as('minor')])
    .groupBy([quarter, 'currency'])
    .orderBy('quarter')
    .execute();
  const days: DayIncome[] = [];
  let dayEnds = Number.NEGATIVE_INFINITY;
  for (const bucket of buckets) {
    const instant = Date.parse(`${bucket.quarter}:00.000Z`);
    if (instant >= dayEnds) {
      const day = dayOf(instant, timeZone);
      dayEnds = startOfDay(nextDay(day), timeZone).getTime();
      days.push({ day, income: 0 });
    }
    const current = days.at(-1)!;
    current.income += Number(bucket.minor);
  }
  return days;
}

/**
 * The summary cards: income is net of refunds (a refunded payment is listed, as Refunded, but
 * not counted), and the refunds are summed on their own, so the admin sees both (issue 48).
 */
async function summary(db: Kysely<Database>, filters: PaymentFilters) {
  const kept = sql<number>`sum(CASE WHEN refunded_at IS NULL THEN 1 ELSE 0 END)`;
  const keptMinor = sql<number>`sum(CASE WHEN refunded_at IS NULL THEN amount_minor ELSE 0 END)`;
  const given = sql<number>`sum(CASE WHEN refunded_at IS NULL THEN 0 ELSE 1 END)`;
  const givenMinor = sql<number>`sum(CASE WHEN refunded_at IS NULL THEN 0 ELSE amount_minor END)`;
  const rows = await filteredPayments(db, filters)
    .select(['currency', kept.as('count'), keptMinor.as('minor'), given.as('refundedCount'), givenMinor.as('refundedMinor')])
    .groupBy('currency')
    .execute();
  const add = (pick: (row: (typeof rows)[number]) => unknown) => rows.reduce((sum, row) => sum + Number(pick(row) ?? 0), 0);
  const count = add((row) => row.count);
  // Poisha, like every amount (decision 0077); the average is rounded to a whole poisha.
  const total = add((row) => row.minor);
  return {
    count,
    total,
    average: count ? Math.round(total / count) : 0,
    refunded: { count: add((row) => row.refundedCount), total: add((row) => row.refundedMinor) },
  };
}

export type PaymentReportQuery = z.infer<typeof paymentReportQuery>;

export async function paymentReport(db: Kysely<Database>, query: PaymentReportQuery) {
  const window = pageWindow(query);
  const [page, totals, days] = await Promise.all([
    pageOf(
      window,
      filteredPayments(db, query).selectAll().orderBy('paid_at', 'desc').orderBy('id', 'desc').limit(window.pageSize).offset(window.offset).execute(),
      // Every listed row is paged, refunded ones too (they are shown as Refunded).
      filteredPayments(db, query).select(sql<number>`count(*)`.as('total')).executeTakeFirst(),
      toTransaction,
    ),
    summary(db, query),
    incomePerDay(db, query),
  ]);
  return { ...page, summary: totals, days };
}
