import type { Kysely, Selectable } from 'kysely';
import type { Database, Role, UserRow } from '../db/schema.ts';

/** A user's profile as the PWA shows it (spec section 3, User), field names as the spec has them. */
export interface UserProfile {
  id: string;
  name: string;
  email: string;
  photoURL: string | null;
  /** A Bangladeshi mobile number as +8801XXXXXXXXX (issue 29), or null. */
  phone: string | null;
  role: Role;
  created_at: string;
  last_log_in: string | null;
  lastLogin: string | null;
}

export const profileColumns = ['id', 'name', 'email', 'photo_url', 'phone', 'role', 'created_at', 'last_log_in'] as const;

type ProfileRow = Pick<Selectable<UserRow>, (typeof profileColumns)[number]>;

export const toUserProfile = (row: ProfileRow): UserProfile => ({
  id: row.id,
  name: row.name,
  email: row.email,
  photoURL: row.photo_url,
  phone: row.phone,
  role: row.role.toLowerCase() as Role,
  created_at: row.created_at,
  last_log_in: row.last_log_in,
  lastLogin: row.last_log_in,
});

export function findProfile(db: Kysely<Database>, by: { id: string } | { email: string }) {
  const query = db.selectFrom('users').select(profileColumns);
  return ('id' in by ? query.where('id', '=', by.id) : query.where('email', '=', by.email.trim().toLowerCase())).executeTakeFirst();
}
