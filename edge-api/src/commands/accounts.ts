/**
 * Account changes of the identity routes (routes/auth.ts): creating an account (a password one,
 * or on a first Google sign-in), noting a sign-in, and changing one's password or profile. Each
 * creation is one batch whose inserts are conditional, so two sign-ups racing for one email
 * make one account.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { AppDeps } from '../http/env.ts';
import { widthsColumn, type StoredUpload } from '../lib/image-uploads.ts';

type Deps = Pick<AppDeps, 'db' | 'batch'>;

export interface NewPasswordAccount {
  id: string;
  email: string;
  name: string;
  passwordHash: string;
  picture: StoredUpload | null;
  at: string;
  /** The page's language at sign-up (issue 48); unset: English until they choose. */
  language?: 'en' | 'bn';
}

/** Creates a password account (with its picture's record); false when the email was taken meanwhile. */
export async function createPasswordAccount({ db, batch }: Deps, account: NewPasswordAccount): Promise<boolean> {
  const { id, email, name, passwordHash, picture, at, language = null } = account;
  const [created] = await batch([
    db
      .insertInto('users')
      .values({ id, email, name, role: 'user', photo_url: picture?.url ?? null, password_hash: passwordHash, created_at: at, last_log_in: at, language })
      .onConflict((oc) => oc.column('email').doNothing())
      .compile(),
    // Recorded only when the account was really created (a racing sign-up may have won).
    ...(picture
      ? [
          sql`insert into images (id, content_type, byte_size, owner_id, created_at, widths)
              select ${picture.name}, ${picture.contentType}, ${picture.size}, ${id}, ${at}, ${widthsColumn(picture.widths)} where changes() = 1`.compile(db),
        ]
      : []),
  ]);
  // Zero when the email was taken meanwhile. (Not `=== 1`: D1 counts the sync triggers' writes too.)
  return Boolean(created?.changes);
}

export interface VerifiedGoogleIdentity {
  issuer: string;
  subject: string;
  email: string;
  name?: string | null;
  picture?: string | null;
}

/**
 * Links a Google identity to the account with its (verified) email, creating that account when
 * there is none. Idempotent, so two first sign-ins racing end on the same account.
 */
export async function linkGoogleAccount({ db, batch }: Deps, identity: VerifiedGoogleIdentity, id: string, at: string): Promise<void> {
  await batch([
    db
      .insertInto('users')
      .values({
        id,
        email: identity.email,
        name: identity.name ?? identity.email.split('@')[0] ?? identity.email,
        role: 'user',
        photo_url: identity.picture?.startsWith('https://') ? identity.picture : null,
        password_hash: null,
        created_at: at,
        last_log_in: at,
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .compile(),
    sql`insert into external_identities (issuer, subject, user_id, email, created_at)
        select ${identity.issuer}, ${identity.subject}, id, ${identity.email}, ${at} from users where email = ${identity.email}
        on conflict do nothing`.compile(db),
  ]);
}

/** A sign-in; with `language` (the page's, issue 48) that becomes the account's language too. */
export async function noteSignIn(db: Kysely<Database>, userId: string, at: string, language?: 'en' | 'bn'): Promise<void> {
  await db.updateTable('users').set({ last_log_in: at, ...(language ? { language } : {}) }).where('id', '=', userId).execute();
}

/** Sets a new password hash; with `onlyIf`, only while the stored hash is still that one (a rehash). */
export async function setPasswordHash(db: Kysely<Database>, userId: string, hash: string, onlyIf?: string): Promise<void> {
  let update = db.updateTable('users').set({ password_hash: hash }).where('id', '=', userId);
  if (onlyIf !== undefined) update = update.where('password_hash', '=', onlyIf);
  await update.execute();
}

/** The person's language (issue 25); their other devices follow it from their next pull. */
export function setAccountLanguage(db: Kysely<Database>, userId: string, language: 'en' | 'bn') {
  return db.updateTable('users').set({ language }).where('id', '=', userId).returning(['language']).executeTakeFirst();
}
