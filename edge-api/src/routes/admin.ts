/** The admin's overview: dashboard statistics, the transaction list, and the audit log. */
import { Hono } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import { access } from '../auth/access.ts';
import type { AppEnv } from '../env.ts';
import { toAuditRecord } from '../lib/audit.ts';
import { validate } from '../validation.ts';

/** A yyyy-MM-dd date (the transaction screen's filter format) that exists in the calendar. */
const day = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date like 2026-01-31`)
    .refine((value) => {
      const date = new Date(`${value}T00:00:00.000Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    }, `${label} is not a real date`)
    .optional();

const paymentFilters = z
  .object({
    from: day('From date'),
    to: day('To date'),
    email: z.string().trim().max(254, 'That email filter is too long').optional(),
    policyName: z.string().trim().max(200, 'That policy name filter is too long').optional(),
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: 'From date must not be after To date', path: ['to'] });

const nextDay = (value: string) => {
  const date = new Date(`${value}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString();
};

/** Amounts are kept in the smallest unit; the screens show currency units (5000 -> 50). */
const zeroDecimalCurrencies = new Set(['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf']);
const toUnits = (minor: number, currency: string) => (zeroDecimalCurrencies.has(currency.toLowerCase()) ? minor : minor / 100);

const auditPage = z.object({
  limit: z.coerce.number({ error: 'limit must be a number' }).int('limit must be a whole number').min(1, 'limit must be at least 1').max(200, 'limit must be at most 200').optional(),
  before: z.coerce.number({ error: 'before must be a cursor from an earlier page' }).int('before must be a cursor from an earlier page').positive('before must be a cursor from an earlier page').optional(),
  entity: z.string().trim().max(50).optional(),
  entityId: z.string().trim().max(100).optional(),
});

const count = (n: unknown) => Number(n ?? 0);

export const adminRoutes = new Hono<AppEnv>()
  .get('/admin-stats', access('GET /admin-stats'), async (c) => {
    const { db } = c.var.deps;
    const row = await db
      .selectNoFrom([
        sql<number>`(SELECT count(*) FROM users)`.as('totalUsers'),
        sql<number>`(SELECT count(*) FROM policies)`.as('totalPolicies'),
        sql<number>`(SELECT count(*) FROM applications)`.as('totalApplications'),
        sql<number>`(SELECT count(*) FROM users WHERE role = 'agent')`.as('totalAgents'),
        sql<number>`(SELECT count(*) FROM applications WHERE status = 'pending')`.as('pendingApplications'),
        sql<number>`(SELECT count(*) FROM payments)`.as('totalPayments'),
      ])
      .executeTakeFirst();
    return c.json(
      {
        totalUsers: count(row?.totalUsers),
        totalPolicies: count(row?.totalPolicies),
        totalApplications: count(row?.totalApplications),
        totalAgents: count(row?.totalAgents),
        pendingApplications: count(row?.pendingApplications),
        totalPayments: count(row?.totalPayments),
      },
      200,
    );
  })
  .get('/payments/all', access('GET /payments/all'), validate('query', paymentFilters), async (c) => {
    const { from, to, email, policyName } = c.req.valid('query');
    let query = c.var.deps.db.selectFrom('payments').selectAll().orderBy('paid_at', 'desc');
    // Inclusive by day, in UTC: from the start of the From day to the end of the To day.
    if (from) query = query.where('paid_at', '>=', `${from}T00:00:00.000Z`);
    if (to) query = query.where('paid_at', '<', nextDay(to));
    // Case-insensitive substring matches; instr() needs no escaping of % and _.
    if (email) query = query.where(sql<boolean>`instr(lower(email), lower(${email})) > 0`);
    if (policyName) query = query.where(sql<boolean>`instr(lower(policy_name), lower(${policyName})) > 0`);
    const rows = await query.execute();
    return c.json(
      rows.map((row) => ({
        id: row.id,
        transactionId: row.transaction_id,
        email: row.email,
        policyName: row.policy_name,
        amount: toUnits(row.amount_minor, row.currency),
        amountMinor: row.amount_minor,
        currency: row.currency,
        paidAt: row.paid_at,
        applicationId: row.application_id,
        status: 'Success' as const,
      })),
      200,
    );
  })
  .get('/audit', access('GET /audit'), validate('query', auditPage), async (c) => {
    const { limit = 50, before, entity, entityId } = c.req.valid('query');
    let query = c.var.deps.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(limit + 1);
    if (before !== undefined) query = query.where('id', '<', before);
    if (entity) query = query.where('entity', '=', entity);
    if (entityId) query = query.where('entity_id', '=', entityId);
    const rows = await query.execute();
    const page = rows.slice(0, limit);
    const more = rows.length > limit;
    return c.json({ items: page.map(toAuditRecord), nextCursor: more ? String(page.at(-1)?.id) : null }, 200);
  });
