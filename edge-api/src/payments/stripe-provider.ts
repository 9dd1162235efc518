/**
 * Stripe PaymentIntents through the official SDK. The fetch HTTP client and the
 * SubtleCrypto provider are the ones that run on both Node and Workers, so this one module
 * serves both runtimes. Host, port and protocol come from configuration so tests can point
 * the SDK at a local stand-in of the Stripe API.
 */
import Stripe from 'stripe';
import type { AppConfig } from '../http/config.ts';
import { ApiError } from '../http/errors.ts';
import {
  paymentServiceUnavailable,
  paymentsNotConfigured,
  type PaymentProvider,
  type ProviderIntent,
  type WebhookOutcome,
} from './provider.ts';

export type StripeSettings = NonNullable<AppConfig['payment']['stripe']>;

/** Stripe's own default: a signed event older than five minutes is refused (replay window). */
export const webhookToleranceSeconds = 300;

function toProviderIntent(intent: Stripe.PaymentIntent): ProviderIntent {
  return {
    id: intent.id,
    clientSecret: intent.client_secret,
    amountMinor: intent.amount,
    currency: intent.currency,
    status: intent.status,
    metadata: { ...intent.metadata },
  };
}

/**
 * A header of the SDK's `lastResponse`: typed as a plain record, but the fetch HTTP client
 * hands back a fetch `Headers`; read either.
 */
function responseHeader(lastResponse: unknown, name: string): string | null {
  const headers = (lastResponse as { headers?: unknown } | undefined)?.headers;
  if (!headers || typeof headers !== 'object') return null;
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name);
  const value = (headers as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : null;
}

/** Stripe's failures become our error shape; the secret key and raw messages stay inside. */
function fromStripeError(error: unknown): never {
  if (error instanceof Stripe.errors.StripeError) {
    console.error(`Stripe request failed: ${error.type} ${error.code ?? ''} ${error.statusCode ?? ''}`);
    if (error instanceof Stripe.errors.StripeAuthenticationError) throw paymentsNotConfigured();
  } else {
    console.error('Stripe request failed:', error);
  }
  throw paymentServiceUnavailable();
}

export function stripePaymentProvider(settings: StripeSettings): PaymentProvider {
  const stripe = new Stripe(settings.secretKey, {
    host: settings.apiHost,
    port: settings.apiPort,
    protocol: settings.apiProtocol,
    httpClient: Stripe.createFetchHttpClient(),
    timeout: 20_000,
    // Safe to retry: every create carries an idempotency key.
    maxNetworkRetries: 2,
  });
  const cryptoProvider = Stripe.createSubtleCryptoProvider();

  return {
    mode: 'stripe',
    publishableKey: settings.publishableKey || null,

    async createIntent(request) {
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountMinor,
            currency: request.currency,
            allowed_payment_method_types: ['card'],
            metadata: { ...request.metadata },
            description: request.description,
          },
          { idempotencyKey: request.idempotencyKey },
        );
        // A replayed idempotent request answers with the intent as first created; its status
        // may have moved on since (paid in another tab), so the screen is told the current one.
        if (responseHeader(intent.lastResponse, 'idempotent-replayed') === 'true') {
          return toProviderIntent(await stripe.paymentIntents.retrieve(intent.id));
        }
        return toProviderIntent(intent);
      } catch (error) {
        return fromStripeError(error);
      }
    },

    async retrieveIntent(id) {
      try {
        return toProviderIntent(await stripe.paymentIntents.retrieve(id));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        return fromStripeError(error);
      }
    },

    async refundIntent(intentId, idempotencyKey) {
      try {
        const refund = await stripe.refunds.create({ payment_intent: intentId }, { idempotencyKey });
        return { id: refund.id, status: refund.status ?? 'pending' };
      } catch (error) {
        return fromStripeError(error);
      }
    },

    async readWebhook(rawBody, signature, receivedAt): Promise<WebhookOutcome> {
      if (!settings.webhookSecret) {
        throw new ApiError(503, 'payment_failed', 'Stripe webhooks are not configured.');
      }
      if (!signature) throw new ApiError(400, 'bad_request', 'The Stripe-Signature header is missing.');
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(
          rawBody,
          signature,
          settings.webhookSecret,
          webhookToleranceSeconds,
          cryptoProvider,
          receivedAt.getTime(),
        );
      } catch {
        throw new ApiError(400, 'bad_request', 'The webhook signature could not be verified.');
      }
      if (event.type === 'payment_intent.succeeded') {
        return { kind: 'payment_succeeded', eventId: event.id, intent: toProviderIntent(event.data.object) };
      }
      if (event.type === 'payment_intent.payment_failed') {
        return { kind: 'payment_failed', eventId: event.id, intent: toProviderIntent(event.data.object) };
      }
      return { kind: 'ignored', eventId: event.id, eventType: event.type };
    },
  };
}
