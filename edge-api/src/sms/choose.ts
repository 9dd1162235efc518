import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { AppConfig } from '../http/config.ts';
import { bulkSmsBdProvider } from './bulksmsbd.ts';
import { outboxSmsProvider } from './outbox.ts';
import type { SmsProvider } from './provider.ts';

/** BulkSMSBD when its key is set; else the demo's outbox in demo mode; else none (nothing is sent). */
export function chooseSmsProvider(config: AppConfig, db: Kysely<Database>, clock: () => Date, fetcher?: typeof fetch): SmsProvider | null {
  if (config.sms.bulksmsbd) return bulkSmsBdProvider(config.sms.bulksmsbd, fetcher);
  return config.demoMode ? outboxSmsProvider(db, clock) : null;
}
