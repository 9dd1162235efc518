/** /api/admin-stats: the six figures on the admin's dashboard. */
import { Hono } from 'hono';
import { sql } from 'kysely';
import { access } from '../auth/access.ts';
import type { AppEnv } from '../env.ts';

const count = (n: unknown) => Number(n ?? 0);

export const adminStatsRoutes = new Hono<AppEnv>()
  .get('/', access('GET /admin-stats'), async (c) => {
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
  });
