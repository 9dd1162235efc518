/** Reads of recorded payments (one per application at most: payments.application_id is unique). */
import type { Kysely, Selectable } from 'kysely';
import type { Database } from './schema.ts';

export type PaymentRow = Selectable<Database['payments']>;

/** The payment recorded for an application, if there is one. */
export function paymentOfApplication(db: Kysely<Database>, applicationId: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('application_id', '=', applicationId).executeTakeFirst();
}
