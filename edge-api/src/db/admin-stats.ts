/** The six figures on the admin's dashboard, counted in one statement. */
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

const count = (n: unknown) => Number(n ?? 0);

export async function adminStats(db: Kysely<Database>) {
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
  return {
    totalUsers: count(row?.totalUsers),
    totalPolicies: count(row?.totalPolicies),
    totalApplications: count(row?.totalApplications),
    totalAgents: count(row?.totalAgents),
    pendingApplications: count(row?.pendingApplications),
    totalPayments: count(row?.totalPayments),
  };
}
