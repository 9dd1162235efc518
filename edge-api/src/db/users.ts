/** Reads of the users table for the users and identity routes (profiles live in auth/user-profile.ts). */
import type { Kysely } from 'kysely';
import type { Database, Role } from './schema.ts';

/** The signed-in person as every request sees it (loaded from the users table on each request). */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  photoUrl: string | null;
  /** The language the person chose (0160); absent where the account was not read from the table. */
  language?: 'en' | 'bn' | null;
}

/** Emails compare as the sign-in form takes them: case and outer spaces do not make another person. */
export const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The role of the account with this email, or undefined when there is none. */
export async function roleByEmail(db: Kysely<Database>, email: string): Promise<Role | undefined> {
  const row = await db.selectFrom('users').select('role').where('email', '=', email).executeTakeFirst();
  return row?.role;
}

/** The same look-up as one statement of a batch (it answers a row only if the account exists). */
export const roleByEmailStatement = (db: Kysely<Database>, email: string) =>
  db.selectFrom('users').select('role').where('email', '=', email).compile();

/** True when an account has this email. */
export async function accountExists(db: Kysely<Database>, email: string): Promise<boolean> {
  return (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()) !== undefined;
}

const sessionColumns = ['id', 'email', 'name', 'role', 'photo_url'] as const;

/** What signing in with a password needs of the account with this email. */
export function passwordSignInRow(db: Kysely<Database>, email: string) {
  return db.selectFrom('users').select([...sessionColumns, 'password_hash']).where('email', '=', email).executeTakeFirst();
}

/** The account a session is for (a renewal), or undefined when it no longer exists. */
export function sessionUserById(db: Kysely<Database>, id: string) {
  return db.selectFrom('users').select(sessionColumns).where('id', '=', id).executeTakeFirst();
}

/** The account linked to an outside identity (Google's issuer and subject). */
export function userByExternalIdentity(db: Kysely<Database>, issuer: string, subject: string) {
  return db
    .selectFrom('external_identities')
    .innerJoin('users', 'users.id', 'external_identities.user_id')
    .select(['users.id', 'users.email', 'users.name', 'users.role', 'users.photo_url'])
    .where('external_identities.issuer', '=', issuer)
    .where('external_identities.subject', '=', subject)
    .executeTakeFirst();
}

/** The password hash of an account (null for one that signs in with Google only). */
export async function passwordHashOf(db: Kysely<Database>, id: string): Promise<string | null | undefined> {
  return (await db.selectFrom('users').select('password_hash').where('id', '=', id).executeTakeFirst())?.password_hash;
}
