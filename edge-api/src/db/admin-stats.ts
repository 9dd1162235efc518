/** The six figures on the admin's dashboard, counted in one statement. */
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema.ts';

const count = (n: unknown) => Number(n ?? 0);

export async function adminStats(db: Kysely<Database>) {
  const row = await db
    .selectNoFrom([
      sql<number>`(SELECT count(*) FROM users)`.as('totalUsers'),
      // The policies on offer: a withdrawn one has left the catalogue (issue 29).
      sql<number>`(SELECT count(*) FROM policies WHERE withdrawn_at IS NULL)`.as('totalPolicies'),
      sql<number>`(SELECT count(*) FROM applications)`.as('totalApplications'),
      sql<number>`(SELECT count(*) FROM users WHERE role = 'agent')`.as('totalAgents'),
      sql<number>`(SELECT count(*) FROM applications WHERE status = 'pending')`.as('pendingApplications'),
      // Counted as All Transactions counts them (lists/payment-report.ts): a refunded payment is not one.
      sql<number>`(SELECT count(*) FROM payments WHERE refunded_at IS NULL)`.as('totalPayments'),
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
