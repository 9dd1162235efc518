/**
 * `npm run create-admin -- --email E --password P [--name N] [--d1 local|remote]`
 *
 * Makes the first admin (or any later one): creates the account as an admin, or promotes an
 * existing account and sets its password. Every change is recorded in the audit log in the
 * same batch as the change, with the product's own password hashing and audit queries. On Node
 * it works on DATA_DIR's SQLite file (stop the server first or not: SQLite locks); with --d1 on
 * the Worker's D1 through `wrangler d1 execute` (`--persist-to DIR` for a local state folder
 * other than wrangler's default).
 */
import { parseArgs } from 'node:util';
import { auditAfterChange, auditInsert, type AuditActor } from '../edge-api/src/db/audit-log.ts';
import { hashPassword } from '../edge-api/src/auth/password.ts';
import { promoteToAdmin } from '../edge-api/src/auth/role-changes.ts';
import { emailField, passwordField } from '../edge-api/src/schemas/auth.ts';
import { newId } from '../edge-api/src/lib/ids.ts';
import { userRow } from '../edge-api/src/seed/factories.ts';
import { runWhenMain } from './operator/cli.ts';
import { openTarget, targetOptions, type OperatorDb } from './operator/operator-db.ts';

/** Who the audit log names for changes made from the command line. */
export const operatorActor: AuditActor = { id: 'operator', email: 'npm run create-admin' };

export type CreateAdminResult = 'created' | 'promoted' | 'updated';

export async function createAdmin(target: OperatorDb, input: { email: string; password: string; name?: string }, now = new Date()): Promise<CreateAdminResult> {
  const email = emailField.parse(input.email);
  const password = passwordField.parse(input.password);
  const { db, batch } = target;
  const at = now.toISOString();
  const passwordHash = await hashPassword(password);
  const existing = await db.selectFrom('users').select(['id', 'role']).where('email', '=', email).executeTakeFirst();
  if (!existing) {
    const user = userRow({ id: newId(), email, name: input.name?.trim() || email.split('@')[0] || email, role: 'admin', password_hash: passwordHash, created_at: at });
    await batch([
      db.insertInto('users').values(user).compile(),
      auditInsert(db, { actor: operatorActor, action: 'user.create', entity: 'users', entityId: user.id, from: null, to: 'admin', at }),
    ]);
    return 'created';
  }
  await batch([
    ...promoteToAdmin(db, operatorActor, email, at),
    db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', existing.id).compile(),
    auditAfterChange(db, { actor: operatorActor, action: 'user.password_set', entity: 'users', entityId: existing.id, at }),
  ]);
  return existing.role === 'admin' ? 'updated' : 'promoted';
}

async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' }, ...targetOptions },
  });
  if (!values.email || !values.password) {
    console.error('Usage: npm run create-admin -- --email E --password P [--name N] [--d1 local|remote [--persist-to DIR]]');
    process.exit(2);
  }
  const target = openTarget(values);
  try {
    const result = await createAdmin(target, { email: values.email, password: values.password, name: values.name });
    const what = { created: 'Created the admin', promoted: 'Made an admin of', updated: 'Set the password of the admin' }[result];
    console.log(`${what} ${values.email.trim().toLowerCase()} in ${target.describe} (recorded in the audit log).`);
  } finally {
    await target.close();
  }
}

runWhenMain(import.meta.url, main);
