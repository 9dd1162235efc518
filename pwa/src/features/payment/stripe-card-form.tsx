/**
 * The card form of Stripe mode: Stripe Elements' card field, confirmed in the browser with
 * the intent's client secret (card details never reach our server). Loaded only in Stripe
 * mode, so the demo and the rest of the app never fetch Stripe.js.
 */
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useEffect, useState, type FormEvent } from 'react';
import type { CardFormProps } from './demo-card-form.tsx';
import { t } from '../../lib/i18n/runtime.ts';

const loaders = new Map<string, Promise<Stripe | null>>();

/** One Stripe.js per publishable key and page; a failed load (offline) can be tried again. */
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let loading = loaders.get(publishableKey);
  if (!loading) {
    loading = loadStripe(publishableKey).catch(() => {
      loaders.delete(publishableKey);
      return null;
    });
    loaders.set(publishableKey, loading);
  }
  return loading;
}

export function StripeCardForm(props: CardFormProps) {
  const key = props.intent.publishableKey;
  const [stripe, setStripe] = useState<Stripe | null | 'loading'>('loading');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    if (!key) return;
    void stripeFor(key).then((loaded) => current && setStripe(loaded));
    return () => {
      current = false;
    };
  }, [key, attempt]);

  if (!key) return <p className="form-message form-message--error" role="alert">{t('pay.notConfigured')}</p>;
  if (stripe === 'loading') return <p className="state" role="status">{t('pay.loadingForm')}</p>;
  if (stripe === null) {
    return (
      <div className="state state--error" role="alert">
        <p>{t('pay.formFailed')}</p>
        <button type="button" className="button" onClick={() => { setStripe('loading'); setAttempt((n) => n + 1); }}>{t('state.tryAgain')}</button>
      </div>
    );
  }
  return (
    <Elements stripe={stripe}>
      <CardForm {...props} />
    </Elements>
  );
}

function CardForm({ intent, payLabel, disabled, onPaid }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card || !intent.clientSecret) return;
    setError(null);
    setBusy(true);
    try {
      const result = await stripe.confirmCardPayment(intent.clientSecret, { payment_method: { card } });
      if (result.error) {
        // Paid already (another tab, an earlier attempt): record it rather than fail.
        const paid = result.error.payment_intent;
        if (paid?.status === 'succeeded') onPaid(paid.id);
        else setError(result.error.message ?? t('pay.failed'));
      } else if (result.paymentIntent.status === 'succeeded') {
        onPaid(result.paymentIntent.id);
      } else {
        setError(t('pay.failed'));
      }
    } catch {
      setError(t('pay.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <form className="payment__form" noValidate onSubmit={(event) => void submit(event)} aria-label={t('pay.cardForm')}>
        <div className="field">
          <span id="card-label" className="payment__card-label">{t('pay.cardDetails')}</span>
          <div className="payment__card-field" role="group" aria-labelledby="card-label">
            <CardElement options={{ hidePostalCode: true, style: { base: { fontSize: '16px' } } }} />
          </div>
        </div>
        <button type="submit" className="button payment__pay" disabled={busy || disabled || !stripe}>
          {busy ? t('pay.processing') : payLabel}
        </button>
      </form>
      {error && <p className="form-message form-message--error payment__error" role="alert">{error}</p>}
    </>
  );
}
