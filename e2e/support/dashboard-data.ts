/**
 * Rows for the dashboard journeys that no screen makes (yet): applications for the demo user
 * and payments, written straight into the server's SQLite file with the seed's row factories.
 */
import { applicationRow, policyRow } from '../../edge-api/src/seed/factories.ts';
import type { AppServer } from './app-server.ts';
import { queryDb, writeDb } from './login.ts';

interface UserRef {
  id: string;
  email: string;
  name: string;
}

export function demoUser(server: AppServer, email = 'user@demo.local'): UserRef {
  const [user] = queryDb<UserRef>(server, 'SELECT id, email, name FROM users WHERE email = ?', email);
  if (!user) throw new Error(`No user ${email}`);
  return user;
}

type ApplicationOverrides = Parameters<typeof applicationRow>[1];

/** Inserts a row as SQLite keeps it: objects as JSON, booleans as 0/1; undefined columns take their defaults. */
export function insertRow(server: AppServer, table: string, row: Record<string, unknown>) {
  const columns = Object.keys(row).filter((column) => row[column] !== undefined);
  writeDb(server, `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`, ...columns.map((column) => {
    const value = row[column];
    return typeof value === 'object' && value !== null ? JSON.stringify(value) : typeof value === 'boolean' ? Number(value) : value;
  }));
}

/** Inserts an application of `user` and returns its row. */
export function insertApplication(server: AppServer, user: UserRef, overrides: ApplicationOverrides = {}) {
  const row = applicationRow(user, overrides);
  // A column given as undefined is written NULL, not left to its default.
  insertRow(server, 'applications', Object.fromEntries(Object.entries(row).map(([column, value]) => [column, value ?? null])));
  return row;
}

/**
 * A policy of the demo customer in force (approved, its ৳50 fee paid) whose cover began
 * `startedDaysAgo` days ago, paid monthly at `monthlyMinor` with no premium paid since: a
 * product of its own named `title`, of a 5-year term (issue 49's journeys).
 */
export function insertPolicyInForce(
  server: AppServer,
  { title, startedDaysAgo, monthlyMinor = 60_000, agent = null }: { title: string; startedDaysAgo: number; monthlyMinor?: number; agent?: string | null },
) {
  const policy = policyRow({ id: `e2e-policy-${crypto.randomUUID()}`, title, duration: 5 });
  insertRow(server, 'policies', policy as Record<string, unknown>);
  const startedAt = new Date(Date.now() - startedDaysAgo * 86_400_000).toISOString();
  const n = crypto.randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase();
  return insertApplication(server, demoUser(server), {
    id: `e2e-prem-${crypto.randomUUID()}`,
    policy_id: policy.id,
    policy_name: title,
    estimated_premium: monthlyMinor,
    status: 'approved',
    payment_status: 'paid',
    assigned_agent: agent,
    assigned_at: agent ? startedAt : null,
    decided_at: startedAt,
    applied_at: startedAt,
    paid_at: startedAt,
    receipt_number: `RC-E2E-${n}`,
    paid_amount_minor: 5000,
    paid_currency: 'bdt',
    paid_method: 'demo',
    paid_provider: 'demo',
    paid_transaction_id: `demo_pi_e2e_${n}`,
    policy_number: `BD-E2E${n}`,
    verify_code: crypto.randomUUID().replace(/-/g, ''),
    premium_mode: 'monthly',
  });
}

/** A paid application and its payment (in the smallest unit: 5000 = $50.00). */
export function insertPayment(
  server: AppServer,
  user: UserRef,
  payment: { policyName: string; amountMinor: number; paidAt: string; email?: string },
) {
  const application = insertApplication(server, user, {
    policy_name: payment.policyName,
    payment_status: 'paid',
    applied_at: payment.paidAt,
  });
  const transactionId = `demo_pi_${Math.random().toString(36).slice(2, 12)}`;
  writeDb(
    server,
    `INSERT INTO payments (id, application_id, transaction_id, provider, email, policy_name, amount_minor, currency, paid_at)
     VALUES (?, ?, ?, 'demo', ?, ?, ?, 'bdt', ?)`,
    crypto.randomUUID(),
    application.id,
    transactionId,
    payment.email ?? user.email,
    payment.policyName,
    payment.amountMinor,
    payment.paidAt,
  );
  return { application, transactionId };
}
