/**
 * A person edits their own profile (issue 29): name, Bangladeshi mobile phone, photo. Online
 * through PATCH /auth/me, offline through the outbox (sync push 'profile.update'); with a
 * mutation id a replayed edit answers as the first one did and changes nothing again, so an old
 * queued edit sent twice can never undo a newer one.
 */
import { sql, type Selectable } from 'kysely';
import { profileColumns, toUserProfile, type UserProfile } from '../auth/user-profile.ts';
import { lastRow, rowSnapshot } from '../db/row-snapshot.ts';
import type { UserRow } from '../db/schema.ts';
import type { AppDeps, SessionUser } from '../http/env.ts';
import { unauthorized } from '../http/errors.ts';
import { assertUploadedImage } from '../lib/image-uploads.ts';
import { prepareMutation, runOnce, type MutationKey, type Outcome } from '../lib/idempotency.ts';
import type { ProfileUpdate } from '../schemas/auth.ts';

type Deps = Pick<AppDeps, 'db' | 'batch' | 'clock'>;
type ProfileRow = Pick<Selectable<UserRow>, (typeof profileColumns)[number]>;

export async function updateProfile(deps: Deps, actor: SessionUser, input: ProfileUpdate, key?: MutationKey): Promise<Outcome<UserProfile>> {
  const { db, batch } = deps;
  await assertUploadedImage(db, input.photoURL);
  const mutation = await prepareMutation(key, 'profile.update', input);
  return runOnce(deps, mutation, (stored) => toUserProfile(stored as ProfileRow), async (record) => {
    const results = await batch([
      db
        .updateTable('users')
        .set({
          ...(input.name !== undefined && { name: input.name }),
          ...(input.photoURL !== undefined && { photo_url: input.photoURL }),
          // A number changed here is not proven (issue 50): it signs in and gets SMS only once
          // confirmed with a code (POST /auth/phone/verify).
          ...(input.phone !== undefined && {
            phone: input.phone,
            phone_verified_at: sql<string | null>`CASE WHEN phone IS ${input.phone} THEN phone_verified_at ELSE NULL END`,
          }),
        })
        .where('id', '=', actor.id)
        .compile(),
      ...record.success(200, rowSnapshot('users', profileColumns, actor.id), { afterChange: true }),
      db.selectFrom('users').select(profileColumns).where('id', '=', actor.id).compile(),
    ]);
    const row = lastRow<ProfileRow>(results);
    if (!row) throw unauthorized('This account no longer exists.');
    return { ok: true, status: 200, body: toUserProfile(row), replayed: false };
  });
}
