import type { Kysely, Selectable } from 'kysely';
import type { Database, Role, UserRow } from '../db/schema.ts';
import { isDeliverable } from '../schemas/phone-accounts.ts';

/** A user's profile as the PWA shows it (spec section 3, User), field names as the spec has them. */
export interface UserProfile {
  id: string;
  name: string;
  email: string;
  photoURL: string | null;
  /** A Bangladeshi mobile number as +8801XXXXXXXXX (issue 29), or null. */
  phone: string | null;
  /** Whether `phone` was proven with a code (issue 50): only then does it sign in and get SMS. */
  phoneVerified: boolean;
  /** No SMS about policies (issue 50, PUT /auth/sms). */
  smsOptOut: boolean;
  /** False for an account made by phone without an email (its `email` is a stand-in that gets nothing). */
  hasEmail: boolean;
  role: Role;
  created_at: string;
  last_log_in: string | null;
  lastLogin: string | null;
}

export const profileColumns = ['id', 'name', 'email', 'photo_url', 'phone', 'phone_verified_at', 'sms_opt_out', 'role', 'created_at', 'last_log_in'] as const;

type ProfileRow = Pick<Selectable<UserRow>, (typeof profileColumns)[number]>;

export const toUserProfile = (row: ProfileRow): UserProfile => ({
  id: row.id,
  name: row.name,
  email: row.email,
  photoURL: row.photo_url,
  phone: row.phone,
  phoneVerified: Boolean(row.phone && row.phone_verified_at),
  smsOptOut: Boolean(row.sms_opt_out),
  hasEmail: isDeliverable(row.email),
  role: row.role.toLowerCase() as Role,
  created_at: row.created_at,
  last_log_in: row.last_log_in,
  lastLogin: row.last_log_in,
});

export function findProfile(db: Kysely<Database>, by: { id: string } | { email: string }) {
  const query = db.selectFrom('users').select(profileColumns);
  return ('id' in by ? query.where('id', '=', by.id) : query.where('email', '=', by.email.trim().toLowerCase())).executeTakeFirst();
}
