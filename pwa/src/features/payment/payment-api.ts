/**
 * The payment endpoints (edge-api routes/payments.ts). The server sets the price and checks
 * every confirmation with the provider; the screen only relays what the card form reports.
 */
import { jsonOrThrow } from '../../lib/api-error.ts';
import { authFetch } from '../../lib/http.ts';
import { apiPrefix } from 'edge-api/src/api-prefix.ts';

export interface PaymentIntent {
  applicationId: string;
  policyName: string;
  /** For Stripe Elements (stripe mode) or the demo form; never shown. */
  clientSecret: string | null;
  paymentIntentId: string;
  /** In the currency's smallest unit (5000 = 50.00). */
  amount: number;
  currency: string;
  /** 'succeeded' when it was paid earlier but not recorded yet: record it straight away. */
  status: string;
  mode: 'stripe' | 'demo';
  publishableKey: string | null;
  /** Demo mode only: the one card the demo accepts. */
  demoCardNumber: string | null;
}

export interface RecordedPayment {
  id: string;
  applicationId: string;
  transactionId: string;
  amountMinor: number;
  currency: string;
  paidAt: string;
}

const postJson = (path: string, body: unknown, signal?: AbortSignal) =>
  authFetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal });

export async function createPaymentIntent(applicationId: string, signal?: AbortSignal): Promise<PaymentIntent> {
  return jsonOrThrow<PaymentIntent>(await postJson(`${apiPrefix}/create-payment-intent`, { applicationId }, signal));
}

/** Demo mode: "charges" the demo card (nothing is charged); any other card is declined. */
export async function confirmDemoCard(paymentIntentId: string, cardNumber: string): Promise<{ status: string }> {
  return jsonOrThrow<{ status: string }>(await postJson(`${apiPrefix}/payments/demo/confirm`, { paymentIntentId, cardNumber }));
}

/** Asks the server to record a paid intent; it retrieves the intent itself before it does. Safe to repeat. */
export async function savePayment(applicationId: string, transactionId: string): Promise<RecordedPayment> {
  const answer = await jsonOrThrow<{ payment: RecordedPayment }>(await postJson(`${apiPrefix}/payments/save`, { applicationId, transactionId }));
  return answer.payment;
}
