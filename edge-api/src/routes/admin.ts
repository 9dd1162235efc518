/** The admin's overview: dashboard statistics, the transaction list, and the audit log. */
import { Hono } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import { access } from '../auth/access.ts';
import type { AppEnv } from '../env.ts';
import { toAuditRecord } from '../lib/audit.ts';
import { filteredPayments, paymentFilters, paymentReport, paymentReportQuery, toTransaction } from '../lists/payment-report.ts';
import { validate } from '../validation.ts';

/** The spec's unpaged list keeps a bounded default page: the newest payments first. */
const unpagedLimit = 500;

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
    const rows = await filteredPayments(c.var.deps.db, c.req.valid('query'))
      .selectAll()
      .orderBy('paid_at', 'desc')
      .orderBy('id', 'desc')
      .limit(unpagedLimit)
      .execute();
    return c.json(rows.map(toTransaction), 200);
  })
  .get('/payments/report', access('GET /payments/report'), validate('query', paymentReportQuery), async (c) => {
    return c.json(await paymentReport(c.var.deps.db, c.req.valid('query')), 200);
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
