/** The card form of the payment mode in use: Stripe Elements, or the labelled demo form. */
import { lazy, Suspense } from 'react';
import { formatMoney } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { DemoCardForm } from './demo-card-form.tsx';
import type { PaymentIntent } from './payment-api.ts';

const StripeCardForm = lazy(() => import('./stripe-card-form.tsx').then((m) => ({ default: m.StripeCardForm })));

export function CardForm({ intent, online, onPaid }: { intent: PaymentIntent; online: boolean; onPaid: (transactionId: string) => void }) {
  const props = {
    intent,
    payLabel: t('pay.payAmount', { amount: formatMoney(intent.amount, { fractionDigits: 2 }) }),
    // Spec section 9: Pay is disabled when the amount is 0 or less.
    disabled: !online || intent.amount <= 0,
    onPaid,
  };
  if (intent.mode === 'demo') return <DemoCardForm {...props} />;
  return (
    <Suspense fallback={<p className="state" role="status">{t('pay.loadingForm')}</p>}>
      <StripeCardForm {...props} />
    </Suspense>
  );
}

