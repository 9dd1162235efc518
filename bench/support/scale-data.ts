/**
 * The scale benchmark's data, written through the app's schema with the seed's factories:
 * 1,000 customers, 50 agents, one admin (admin@demo.local, the demo password, so the browser can
 * sign in), 20 policies, `count` applications spread over the last year, a blog per 200 of them
 * and a request to become an agent per 100. Like real data,
 * the old ones are decided: only applications of the last 30 days are still pending or
 * assigned. Approved ones are mostly paid (a payment row each), and every decision has its
 * audit row.
 */
import type SQLite from 'better-sqlite3';
import { agentRequestRow, applicationRow, blogRow, userRow } from '../../edge-api/src/seed/factories.ts';
import { benchPolicies, insertRows, type BenchUser } from './data.ts';

export const customerCount = 1000;
export const agentCount = 50;
const day = 86_400_000;

export interface ScaleData {
  admin: BenchUser;
  /** An agent with claims still open (all have about as many applications). */
  agent: BenchUser;
  /** A customer (each has about count / 1,000 applications). */
  customer: BenchUser;
  payments: number;
  pending: number;
}

const asUser = (row: ReturnType<typeof userRow>): BenchUser => ({
  id: row.id as string,
  email: row.email as string,
  name: row.name as string,
  role: row.role as BenchUser['role'],
});

export function fillScale(sqlite: SQLite.Database, count: number, adminPasswordHash: string, now = Date.now()): ScaleData {
  const admin = userRow({ role: 'admin', email: 'admin@demo.local', name: 'Scale Admin', password_hash: adminPasswordHash });
  const agents = Array.from({ length: agentCount }, (_, i) => userRow({ role: 'agent', email: `agent${i}@scale.test`, name: `Agent ${i}` }));
  const customers = Array.from({ length: customerCount }, (_, i) => userRow({ email: `customer${i}@scale.test`, name: `Customer ${i}` }));
  insertRows(sqlite, 'users', [admin, ...agents, ...customers]);
  const policies = benchPolicies(20);
  insertRows(sqlite, 'policies', policies);

  const applications = [];
  const payments = [];
  for (let i = 0; i < count; i += 1) {
    const age = (i / count) * 365 * day;
    const appliedAt = now - age - 60_000;
    const recent = age < 30 * day;
    const status = recent ? (['pending', 'assigned', 'approved', 'rejected'] as const)[i % 4]! : i % 2 ? 'approved' : 'rejected';
    const decided = status === 'approved' || status === 'rejected';
    const decidedAt = decided ? Math.min(now - 1000, appliedAt + 2 * day) : null;
    const paid = status === 'approved' && i % 3 !== 0;
    const owner = customers[i % customerCount]!;
    const policy = policies[i % policies.length]!;
    const row = applicationRow(asUser(owner), {
      id: `scale-application-${i}`,
      policy_id: policy.id as string,
      policy_name: policy.title as string,
      category: policy.category as string,
      status,
      payment_status: paid ? 'paid' : 'unpaid',
      assigned_agent: status === 'pending' ? null : (agents[i % agentCount]!.email as string),
      assigned_at: status === 'pending' ? null : new Date(appliedAt + day / 2).toISOString(),
      decided_at: decidedAt === null ? null : new Date(decidedAt).toISOString(),
      applied_at: new Date(appliedAt).toISOString(),
    });
    applications.push(row);
    if (paid && decidedAt !== null) {
      payments.push({
        id: `scale-payment-${i}`,
        application_id: row.id,
        transaction_id: `demo_pi_scale_${i}`,
        provider: 'demo',
        email: owner.email,
        policy_name: policy.title,
        amount_minor: 5000,
        currency: 'bdt',
        paid_at: new Date(decidedAt).toISOString(),
      });
    }
  }
  insertRows(sqlite, 'applications', applications);
  insertRows(sqlite, 'payments', payments);
  // Every decision has its audit row, as the commands write them.
  sqlite.exec(`INSERT INTO audit_log (actor_id, actor_email, action, entity, entity_id, from_value, to_value, at)
    SELECT NULL, assigned_agent, 'application.decide', 'applications', id, 'assigned', status, decided_at
    FROM applications WHERE decided_at IS NOT NULL`);
  // Manage Blogs and Manage Agents grow too: a blog per 200 applications (by the agents, over the
  // year) and a request to become an agent per 100.
  const spread = (i: number, of: number) => new Date(now - (i / of) * 365 * day).toISOString();
  const blogCount = Math.max(1, Math.round(count / 200));
  insertRows(
    sqlite,
    'blogs',
    Array.from({ length: blogCount }, (_, i) => {
      const author = agents[i % agentCount]!;
      return blogRow({ title: `Scale note ${i}`, author_id: author.id as string, author_name: author.name as string, author_email: author.email as string, publish_date: spread(i, blogCount) });
    }),
  );
  const requestCount = Math.max(1, Math.round(count / 100));
  insertRows(
    sqlite,
    'agent_requests',
    Array.from({ length: requestCount }, (_, i) =>
      agentRequestRow({ name: `Applicant ${i}`, email: `applicant${i}@scale.test`, status: (['pending', 'approved', 'disapproved'] as const)[i % 3], created_at: spread(i, requestCount) }),
    ),
  );
  const pending = applications.filter((row) => row.status === 'pending' || row.status === 'assigned').length;
  // Agent 1: odd agents get the 'assigned' (open) claims of the last 30 days, even ones none.
  return { admin: asUser(admin), agent: asUser(agents[1]!), customer: asUser(customers[0]!), payments: payments.length, pending };
}
