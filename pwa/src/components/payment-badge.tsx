/**
 * An application's payment in one word (issue 48): Paid, Refunded (its money was given back when
 * it was rejected; the server keeps `paymentStatus` 'unpaid' and sets `refundedAt`), or Unpaid.
 * A refunded application is never shown as if it had never been paid. The words come from the
 * screen (its own part of the catalogue: components use the public part only).
 */
export type PaymentState = 'paid' | 'refunded' | 'unpaid';

export const paymentStateOf = (application: { paymentStatus: string; refundedAt?: string | null }): PaymentState =>
  application.paymentStatus === 'paid' ? 'paid' : application.refundedAt ? 'refunded' : 'unpaid';

const tones: Record<PaymentState, string> = { paid: 'success', refunded: 'info', unpaid: 'warn' };

export function PaymentBadge({ application, words }: { application: { paymentStatus: string; refundedAt?: string | null }; words: Record<PaymentState, string> }) {
  const state = paymentStateOf(application);
  return <span className={`badge badge--${tones[state]}`}>{words[state]}</span>;
}
