/**
 * The profile upsert the PWA sends after signing in: records the sign-in and any new name or
 * photo. A role is never written here: roles change only through admins.
 */
import type { z } from 'zod';
import { profileColumns } from '../auth/user-profile.ts';
import type { userUpsert } from '../schemas/auth.ts';
import type { AppDeps, SessionUser } from '../http/env.ts';

export async function recordSignIn({ db, clock }: Pick<AppDeps, 'db' | 'clock'>, user: SessionUser, body: z.infer<typeof userUpsert>) {
  return db
    .updateTable('users')
    .set({
      last_log_in: clock().toISOString(),
      ...(body.name !== undefined && { name: body.name }),
      ...(body.photoURL !== undefined && { photo_url: body.photoURL }),
    })
    .where('id', '=', user.id)
    .returning(profileColumns)
    .executeTakeFirst();
}
