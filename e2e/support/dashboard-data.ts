/**
 * Rows for the dashboard journeys that no screen makes (yet): applications for the demo user
 * and payments, written straight into the server's SQLite file with the seed's row factories.
 */
import { applicationRow } from '../../edge-api/src/seed/factories.ts';
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

/** Inserts an application of `user` and returns its row. */
export function insertApplication(server: AppServer, user: UserRef, overrides: ApplicationOverrides = {}) {
  const row = applicationRow(user, overrides);
  const columns = Object.keys(row);
  writeDb(
    server,
    `INSERT INTO applications (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
    ...columns.map((column) => (row as Record<string, unknown>)[column] ?? null),
  );
  return row;
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
