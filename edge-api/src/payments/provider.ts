/**
 * Card payments behind one small interface, so the routes do not know whether Stripe, the
 * demo mode, or nothing at all is behind them. The entry points choose the provider from
 * configuration (payments/choose-provider.ts); tests point the Stripe one at a stand-in.
 */
import { ApiError } from '../http/errors.ts';

/** 'off': no Stripe keys outside the demo, so card payments are refused with 503. */
export type PaymentMode = 'stripe' | 'demo' | 'off';

/** What we put on every intent, so a confirmation can be traced back to its application. */
export interface IntentMetadata {
  applicationId: string;
  userId: string;
  userEmail: string;
  /** Issue 49: 'premium' for a payment of dues (premiums/online.ts); absent for the application fee. */
  purpose?: 'premium';
  /** The dues' sequence numbers, first-last (they are always a run: dues are paid in order). */
  dueSeqs?: string;
}

export interface IntentRequest {
  amountMinor: number;
  currency: string;
  metadata: IntentMetadata;
  /** Asking twice with the same key returns the same intent instead of a second one. */
  idempotencyKey: string;
  description?: string;
}

/** A payment intent as the provider reports it: the only thing a payment is recorded from. */
export interface ProviderIntent {
  id: string;
  clientSecret: string | null;
  amountMinor: number;
  currency: string;
  /** The provider's own word: 'succeeded' is the only one that marks an application paid. */
  status: string;
  metadata: Record<string, string>;
}

export interface ProviderRefund {
  id: string;
  /** Stripe's word: 'succeeded' or 'pending' (both mean it is under way and cannot be undone). */
  status: string;
}

/** A verified webhook: either a succeeded intent to record, or an event we do not act on. */
export type WebhookOutcome =
  | { kind: 'payment_succeeded'; eventId: string; intent: ProviderIntent }
  /** The card was refused (`payment_intent.payment_failed`): admins are told (issue 28). */
  | { kind: 'payment_failed'; eventId: string; intent: ProviderIntent }
  | { kind: 'ignored'; eventId: string; eventType: string };

export interface PaymentProvider {
  readonly mode: PaymentMode;
  /** For Stripe Elements in the PWA; null outside Stripe mode. */
  readonly publishableKey: string | null;
  createIntent(request: IntentRequest): Promise<ProviderIntent>;
  /** null when the provider does not know the id. */
  retrieveIntent(id: string): Promise<ProviderIntent | null>;
  /**
   * Verifies a webhook's signature over the raw body bytes (never a re-serialised body)
   * and its age. Throws ApiError 400 when it does not verify.
   */
  readWebhook(rawBody: Uint8Array, signature: string | undefined, receivedAt: Date): Promise<WebhookOutcome>;
  /**
   * Gives the whole payment of a succeeded intent back. The same idempotency key returns the
   * same refund, so a retried refund never pays out twice.
   */
  refundIntent(intentId: string, idempotencyKey: string): Promise<ProviderRefund>;
  /**
   * Demo mode only: "charges" the documented demo card and marks the intent succeeded.
   * Absent on real providers, where the card never reaches our server.
   */
  confirmDemoCard?(intentId: string, cardNumber: string, at: Date): Promise<ProviderIntent>;
}

export const paymentsNotConfigured = () =>
  new ApiError(503, 'payment_failed', 'Card payments are not configured.');

export const paymentServiceUnavailable = () =>
  new ApiError(502, 'payment_failed', 'The card payment service could not be reached. Please try again.');

/** Production without Stripe keys: every payment call is refused, nothing pretends to work. */
export const unconfiguredPaymentProvider: PaymentProvider = {
  mode: 'off',
  publishableKey: null,
  createIntent: () => Promise.reject(paymentsNotConfigured()),
  retrieveIntent: () => Promise.reject(paymentsNotConfigured()),
  readWebhook: () => Promise.reject(paymentsNotConfigured()),
  refundIntent: () => Promise.reject(paymentsNotConfigured()),
};
