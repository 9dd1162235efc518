/** Reads of the users table that the users routes need (profiles live in auth/user-profile.ts). */
import type { Kysely } from 'kysely';
import type { Database, Role } from './schema.ts';

/** The role of the account with this email, or undefined when there is none. */
export async function roleByEmail(db: Kysely<Database>, email: string): Promise<Role | undefined> {
  const row = await db.selectFrom('users').select('role').where('email', '=', email).executeTakeFirst();
  return row?.role;
}

/** The same look-up as one statement of a batch (it answers a row only if the account exists). */
export const roleByEmailStatement = (db: Kysely<Database>, email: string) =>
  db.selectFrom('users').select('role').where('email', '=', email).compile();
