/**
 * The embedded demo's outbox (issue 50): with no gateway or mail server configured, messages
 * are kept in the database instead of sent, and admins read them at GET /api/demo/outbox, so a
 * demo visitor can sign in by phone. Only ever chosen in demo mode (sms/choose.ts, mail/choose.ts).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import type { SmsProvider } from './provider.ts';

export async function keepInOutbox(
  db: Kysely<Database>,
  at: Date,
  message: { channel: 'sms' | 'email'; recipient: string; subject?: string; body: string },
): Promise<void> {
  await db
    .insertInto('demo_outbox')
    .values({ id: newId(), channel: message.channel, recipient: message.recipient, subject: message.subject ?? null, body: message.body, created_at: at.toISOString() })
    .execute();
}

export function outboxSmsProvider(db: Kysely<Database>, clock: () => Date): SmsProvider {
  return {
    name: 'outbox',
    async send(number, text) {
      await keepInOutbox(db, clock(), { channel: 'sms', recipient: `+${number}`, body: text });
      return { ok: true };
    },
  };
}
