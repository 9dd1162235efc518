import type { Kysely } from 'kysely';
import type { AppConfig } from '../http/config.ts';
import type { Database } from '../db/schema.ts';
import { demoPaymentProvider } from './demo-provider.ts';
import { unconfiguredPaymentProvider, type PaymentProvider } from './provider.ts';
import { stripePaymentProvider } from './stripe-provider.ts';

/**
 * Stripe when its keys are set; otherwise the demo mode, but only on the embedded demo
 * (never in production, where payments are refused with 503 rather than faked).
 */
export function choosePaymentProvider(config: AppConfig, db: Kysely<Database>, clock: () => Date): PaymentProvider {
  if (config.payment.stripe) return stripePaymentProvider(config.payment.stripe);
  if (config.demoMode) return demoPaymentProvider(db, clock);
  return unconfiguredPaymentProvider;
}
