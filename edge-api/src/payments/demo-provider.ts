/**
 * The clearly labelled demo payment mode of the embedded default: no Stripe keys, nothing
 * charged. It behaves like Stripe's PaymentIntents closely enough that the routes treat both
 * the same: an intent with a client secret, confirmed by a card, then retrieved and checked
 * by the server before the application is marked paid. Intents live in the database
 * (migrations/0030) because a Worker keeps nothing in memory between requests.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ApiError, notFound } from '../http/errors.ts';
import type { PaymentProvider, ProviderIntent } from './provider.ts';

/** The one card the demo accepts, as documented on the payment screen (Stripe's test card). */
export const demoCardNumber = '4242 4242 4242 4242';

/** The messages Stripe Elements shows for the same cases, so the screen reads the same. */
export const cardDeclinedMessage = 'Your card was declined.';
export const cardIncompleteMessage = 'Your card number is incomplete.';

type DemoIntentRow = Database['demo_payment_intents'];

function randomToken(bytes: number): string {
  const data = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(data, (b) => b.toString(16).padStart(2, '0')).join('');
}

function toProviderIntent(row: DemoIntentRow): ProviderIntent {
  return {
    id: row.id,
    clientSecret: row.client_secret,
    amountMinor: row.amount_minor,
    currency: row.currency,
    status: row.status,
    metadata: JSON.parse(row.metadata) as Record<string, string>,
  };
}

export function demoPaymentProvider(db: Kysely<Database>, clock: () => Date): PaymentProvider {
  const findById = (id: string) =>
    db.selectFrom('demo_payment_intents').selectAll().where('id', '=', id).executeTakeFirst();

  return {
    mode: 'demo',
    publishableKey: null,

    async createIntent(request) {
      const id = `demo_pi_${randomToken(12)}`;
      // Insert-or-keep on the idempotency key, then read back: a retry or a second tab
      // gets the intent the first request made, as Stripe does with Idempotency-Key.
      await db
        .insertInto('demo_payment_intents')
        .values({
          id,
          idempotency_key: request.idempotencyKey,
          client_secret: `${id}_secret_${randomToken(16)}`,
          amount_minor: request.amountMinor,
          currency: request.currency,
          status: 'requires_payment_method',
          metadata: JSON.stringify(request.metadata),
          created_at: clock().toISOString(),
        })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .execute();
      const row = await db
        .selectFrom('demo_payment_intents')
        .selectAll()
        .where('idempotency_key', '=', request.idempotencyKey)
        .executeTakeFirstOrThrow();
      return toProviderIntent(row);
    },

    async retrieveIntent(id) {
      const row = await findById(id);
      return row ? toProviderIntent(row) : null;
    },

    async refundIntent(intentId) {
      // Nothing was charged; the refund is recorded so the demo shows what Stripe would.
      await db
        .insertInto('demo_refunds')
        .values({ id: `demo_re_${randomToken(12)}`, intent_id: intentId, created_at: clock().toISOString() })
        .onConflict((oc) => oc.column('intent_id').doNothing())
        .execute();
      const row = await db.selectFrom('demo_refunds').select('id').where('intent_id', '=', intentId).executeTakeFirstOrThrow();
      return { id: row.id, status: 'succeeded' };
    },

    async readWebhook() {
      throw new ApiError(503, 'payment_failed', 'Stripe webhooks are not configured.');
    },

    async confirmDemoCard(intentId, cardNumber, at) {
      const digits = cardNumber.replace(/[\s-]/g, '');
      if (!/^\d{12,19}$/.test(digits)) throw new ApiError(400, 'validation_failed', cardIncompleteMessage, { fields: { cardNumber: cardIncompleteMessage } });
      if (digits !== demoCardNumber.replace(/\s/g, '')) throw new ApiError(402, 'payment_failed', cardDeclinedMessage);
      // Conditional, so confirming twice is harmless and the first time stamp stays.
      await db
        .updateTable('demo_payment_intents')
        .set({ status: 'succeeded', succeeded_at: at.toISOString() })
        .where('id', '=', intentId)
        .where('status', '=', 'requires_payment_method')
        .execute();
      const row = await findById(intentId);
      if (!row) throw notFound('Payment');
      return toProviderIntent(row);
    },
  };
}
