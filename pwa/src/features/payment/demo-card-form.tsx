/**
 * The card form of the demo payment mode (no Stripe keys on the embedded default). Clearly
 * labelled, charges nothing; the server accepts only the documented demo card and answers
 * any other with the card message, shown under the form as Stripe's would be.
 */
import { useState, type FormEvent } from 'react';
import { messageOf } from '../../lib/api-error.ts';
import { confirmDemoCard, type PaymentIntent } from './payment-api.ts';
import { t } from '../../lib/i18n/runtime.ts';

export interface CardFormProps {
  intent: PaymentIntent;
  payLabel: string;
  /** Offline, or nothing to pay: the Pay button stays disabled. */
  disabled: boolean;
  /** The card went through: the page asks the server to record it. */
  onPaid: (transactionId: string) => void;
}

/** Groups digits in fours as they are typed: 4242424242424242 -> 4242 4242 4242 4242. */
const grouped = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

export function DemoCardForm({ intent, payLabel, disabled, onPaid }: CardFormProps) {
  const [cardNumber, setCardNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await confirmDemoCard(intent.paymentIntentId, cardNumber);
      onPaid(intent.paymentIntentId);
    } catch (failure) {
      setError(messageOf(failure, t('pay.failed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <form className="payment__form" noValidate onSubmit={(event) => void submit(event)} aria-label={t('pay.cardFormDemo')}>
        <p className="payment__demo-note">
          <strong>{t('pay.demoMode')}</strong> {t('pay.demoNote', { card: intent.demoCardNumber ?? '4242 4242 4242 4242' })}
        </p>
        <div className="field">
          <label htmlFor="demo-card-number">{t('pay.cardNumber')}</label>
          <input
            id="demo-card-number"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            value={cardNumber}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'payment-error' : undefined}
            onChange={(event) => setCardNumber(grouped(event.target.value))}
          />
        </div>
        <button type="submit" className="button payment__pay" disabled={busy || disabled}>
          {busy ? t('pay.processing') : payLabel}
        </button>
      </form>
      {error && <p id="payment-error" className="form-message form-message--error payment__error" role="alert">{error}</p>}
    </>
  );
}
