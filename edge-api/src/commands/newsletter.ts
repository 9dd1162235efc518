/** The newsletter sign-up: one insert that does nothing when the email is already there. */
import type { AppDeps } from '../http/env.ts';
import { conflict } from '../http/errors.ts';
import { newId } from '../lib/ids.ts';
import type { SubscribeBody } from '../schemas/newsletter.ts';

export async function subscribeToNewsletter({ db, clock }: Pick<AppDeps, 'db' | 'clock'>, { name, email }: SubscribeBody): Promise<void> {
  const result = await db
    .insertInto('newsletter_subscribers')
    .values({ id: newId(), name, email: email.toLowerCase(), created_at: clock().toISOString() })
    .onConflict((oc) => oc.column('email').doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0n) === 0) {
    throw conflict('This email is already subscribed to our newsletter.');
  }
}
