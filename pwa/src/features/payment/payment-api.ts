/**
 * The payment endpoints (edge-api routes/create-payment-intent.ts and routes/payments.ts), through
 * the typed client: the answers' types are the routes' own. The server sets the price and checks
 * every confirmation with the provider; the screen only relays what the card form reports.
 */
import { answerOf } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';

/**
 * An intent to pay for one application. `amount` is in the currency's smallest unit (5000 =
 * 50.00); `clientSecret` is for Stripe Elements or the demo form, never shown; `status`
 * 'succeeded' means it was paid earlier but not recorded yet (record it straight away);
 * `demoCardNumber` is the one card the demo accepts (demo mode only).
 */
export async function createPaymentIntent(applicationId: string, signal?: AbortSignal) {
  return answerOf(await api['create-payment-intent'].$post({ json: { applicationId } }, { init: { signal } }));
}

export type PaymentIntent = Awaited<ReturnType<typeof createPaymentIntent>>;

/** Demo mode: "charges" the demo card (nothing is charged); any other card is declined. */
export async function confirmDemoCard(paymentIntentId: string, cardNumber: string) {
  return answerOf(await api.payments.demo.confirm.$post({ json: { paymentIntentId, cardNumber } }));
}

/** Asks the server to record a paid intent; it retrieves the intent itself before it does. Safe to repeat. */
export async function savePayment(applicationId: string, transactionId: string) {
  const answer = await answerOf(await api.payments.save.$post({ json: { applicationId, transactionId } }));
  // Without dueIds the answer is the application fee's payment (with them, a premium receipt: issue 49).
  if (!('payment' in answer)) throw new Error('The server answered with a premium receipt for an application fee payment');
  return answer.payment;
}

export type RecordedPayment = Awaited<ReturnType<typeof savePayment>>;
