/**
 * Paying a policy's dues online (issue 49, docs/premiums-api.md): the payment routes with the
 * dues chosen; the server sums them, and records them once with a receipt listing them.
 */
import { answerOf } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';

export async function createDuesPaymentIntent(applicationId: string, dueIds: string[], signal?: AbortSignal) {
  return answerOf(await api['create-payment-intent'].$post({ json: { applicationId, dueIds } }, { init: { signal } }));
}

export type DuesPaymentIntent = Awaited<ReturnType<typeof createDuesPaymentIntent>>;

/** Records the paid intent as a payment of those dues: the premium receipt. Safe to repeat. */
export async function saveDuesPayment(applicationId: string, transactionId: string, dueIds: string[]) {
  const answer = await answerOf(await api.payments.save.$post({ json: { applicationId, transactionId, dueIds } }));
  if (!('receipt' in answer)) throw new Error('The server recorded an application fee, not the dues');
  return answer.receipt;
}

export type DuesReceipt = Awaited<ReturnType<typeof saveDuesPayment>>;
