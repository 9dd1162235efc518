/**
 * The newsletter: a sign-up gives its own unsubscribe link (issue 29), and the link works once,
 * without signing in. Only the token's hash is stored; each change is one conditional statement.
 */
import type { AppDeps } from '../http/env.ts';
import { ApiError, conflict } from '../http/errors.ts';
import { newId, newSecretToken, tokenHash } from '../lib/ids.ts';
import type { SubscribeBody } from '../schemas/newsletter.ts';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** The page that unsubscribes (a page of the PWA, not an API address). */
export const unsubscribePath = (token: string) => `/unsubscribe/${token}`;

/**
 * Subscribes `email`, or subscribes again an email that had unsubscribed (with a new link; the
 * old one stays used). Answers the new unsubscribe token.
 */
export async function subscribeToNewsletter({ db, clock }: Deps, { name, email }: SubscribeBody): Promise<{ token: string }> {
  const token = newSecretToken();
  const hash = await tokenHash(token);
  const result = await db
    .insertInto('newsletter_subscribers')
    .values({ id: newId(), name, email: email.toLowerCase(), created_at: clock().toISOString(), unsubscribe_token_hash: hash, unsubscribed_at: null })
    .onConflict((oc) =>
      oc
        .column('email')
        .doUpdateSet({ name, unsubscribe_token_hash: hash, unsubscribed_at: null })
        .where('newsletter_subscribers.unsubscribed_at', 'is not', null),
    )
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0n) === 0) {
    throw conflict('This email is already subscribed to our newsletter.');
  }
  return { token };
}

/** "u***@example.com": enough for the person to know the link is theirs, nothing for others. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

export interface SubscriptionState {
  email: string;
  unsubscribed: boolean;
}

const unknownLink = () =>
  new ApiError(404, 'not_found', 'This unsubscribe link is not valid. It may be cut short, or a newer link replaced it when the email subscribed again.');

async function findByToken(db: Deps['db'], token: string) {
  return db
    .selectFrom('newsletter_subscribers')
    .select(['email', 'unsubscribed_at'])
    .where('unsubscribe_token_hash', '=', await tokenHash(token))
    .executeTakeFirst();
}

/** What the link's page shows before the person confirms. */
export async function subscriptionOfToken({ db }: Deps, token: string): Promise<SubscriptionState> {
  const row = await findByToken(db, token);
  if (!row) throw unknownLink();
  return { email: maskEmail(row.email), unsubscribed: row.unsubscribed_at !== null };
}

/** Unsubscribes the link's subscription; a link already used answers so (`already`). */
export async function unsubscribeByToken({ db, clock }: Deps, token: string): Promise<SubscriptionState & { already: boolean }> {
  const hash = await tokenHash(token);
  const updated = await db
    .updateTable('newsletter_subscribers')
    .set({ unsubscribed_at: clock().toISOString() })
    .where('unsubscribe_token_hash', '=', hash)
    .where('unsubscribed_at', 'is', null)
    .returning(['email'])
    .executeTakeFirst();
  if (updated) return { email: maskEmail(updated.email), unsubscribed: true, already: false };
  const row = await findByToken(db, token);
  if (!row) throw unknownLink();
  return { email: maskEmail(row.email), unsubscribed: true, already: true };
}
