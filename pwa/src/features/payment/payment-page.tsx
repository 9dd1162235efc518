/**
 * /dashboard/payment/:id (spec section 2): pay for one's own application by card. The
 * server sets the price and creates the intent; the card form (Stripe Elements, or the
 * labelled demo form without Stripe keys) confirms it; the server then checks the intent
 * with the provider and records the payment. Card or provider messages show under the form.
 */
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../components/states.tsx';
import { showToast } from '../../components/toast.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { ApiRequestError, messageOf } from '../../lib/api-error.ts';
import { pullChanges } from '../../lib/sync-pull.ts';
import { useOnline } from '../../lib/use-online.ts';
import { useRequest } from '../../lib/use-request.ts';
import { DemoCardForm } from './demo-card-form.tsx';
import { formatAmount } from './format-amount.ts';
import { createPaymentIntent, savePayment, type PaymentIntent, type RecordedPayment } from './payment-api.ts';
import './payment.css';
import { t } from '../../lib/i18n/runtime.ts';

const StripeCardForm = lazy(() => import('./stripe-card-form.tsx').then((m) => ({ default: m.StripeCardForm })));

/**
 * Creates (or finds again) the application's intent. One paid earlier but never recorded (a
 * closed tab, a lost answer) is recorded at once; the server checks it with the provider.
 */
async function startPayment(applicationId: string, signal: AbortSignal): Promise<PaymentIntent & { recorded: RecordedPayment | null }> {
  const intent = await createPaymentIntent(applicationId, signal);
  const recorded = intent.status === 'succeeded' ? await savePayment(applicationId, intent.paymentIntentId) : null;
  return { ...intent, recorded };
}

type Recording = { state: 'saving'; transactionId: string } | { state: 'failed'; transactionId: string; message: string };

export function PaymentPage() {
  usePageTitle(t('title.payment'));
  const { id = '' } = useParams();
  const online = useOnline();
  // An application applied for offline has no server id yet: nothing to pay for until it is sent.
  const waitingToSend = id.startsWith('local:');
  const intent = useRequest((signal) => startPayment(id, signal), [id], online && id !== '' && !waitingToSend);
  const [recording, setRecording] = useState<Recording | null>(null);
  const [recorded, setRecorded] = useState<RecordedPayment | null>(null);

  async function record(transactionId: string) {
    setRecording({ state: 'saving', transactionId });
    try {
      const payment = await savePayment(id, transactionId);
      setRecorded(payment);
      setRecording(null);
      showToast('success', 'Payment successful!', `Transaction ID: ${payment.transactionId}`);
      void pullChanges().catch(() => undefined); // the local copy shows Paid without waiting for the next sync
    } catch (error) {
      setRecording({ state: 'failed', transactionId, message: messageOf(error, 'Payment failed') });
    }
  }

  const done = recorded ?? (intent.status === 'ready' ? intent.data.recorded : null);

  return (
    <section className="payment">
      <p><Link to="/dashboard/myApplication">← My Policies</Link></p>
      <h1>Payment</h1>
      {done ? (
        <PaymentDone payment={done} policyName={intent.data?.policyName ?? ''} />
      ) : waitingToSend ? (
        <p className="form-message form-message--error" role="status">
          This application is still waiting to be sent. You can pay for it once it has reached us.
        </p>
      ) : intent.status === 'ready' ? (
        <div className="panel payment__panel">
          <dl className="payment__summary">
            <div><dt>Policy</dt><dd>{intent.data.policyName}</dd></div>
            <div><dt>Amount</dt><dd className="payment__amount">{formatAmount(intent.data.amount)}</dd></div>
          </dl>
          {!online && <p className="form-message form-message--error" role="status">You are offline. Card payments need a connection.</p>}
          {recording?.state === 'saving' ? (
            <LoadingState>Recording your payment...</LoadingState>
          ) : recording?.state === 'failed' ? (
            <ErrorState onRetry={() => void record(recording.transactionId)}>
              Your payment went through, but recording it failed: {recording.message}
            </ErrorState>
          ) : (
            <CardForm intent={intent.data} online={online} onPaid={(transactionId) => void record(transactionId)} />
          )}
        </div>
      ) : !online ? (
        <ErrorState>You are offline. Card payments need a connection; this page continues when you are back online.</ErrorState>
      ) : intent.status === 'error' ? (
        <IntentProblem error={intent.error} onRetry={intent.reload} />
      ) : (
        <LoadingState>Preparing your payment...</LoadingState>
      )}
    </section>
  );
}

function CardForm({ intent, online, onPaid }: { intent: PaymentIntent; online: boolean; onPaid: (transactionId: string) => void }) {
  const props = {
    intent,
    payLabel: `Pay ${formatAmount(intent.amount)}`,
    // Spec section 9: Pay is disabled when the amount is 0 or less.
    disabled: !online || intent.amount <= 0,
    onPaid,
  };
  if (intent.mode === 'demo') return <DemoCardForm {...props} />;
  return (
    <Suspense fallback={<p className="state" role="status">Loading the card form...</p>}>
      <StripeCardForm {...props} />
    </Suspense>
  );
}

/** Why no payment can start: already paid or rejected (409), not found, not configured (503)... */
function IntentProblem({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const status = error instanceof ApiRequestError ? error.status : 0;
  if (status === 404) return <ErrorState>Application not found or already deleted</ErrorState>;
  if (status === 409 || status === 403) {
    return (
      <div className="state state--error" role="alert">
        <p>{messageOf(error, 'Payment failed')}</p>
        <Link className="button button--secondary" to="/dashboard/myApplication">Back to My Policies</Link>
      </div>
    );
  }
  return <ErrorState onRetry={status === 503 ? undefined : onRetry}>{messageOf(error, 'Payment failed')}</ErrorState>;
}

function PaymentDone({ payment, policyName }: { payment: RecordedPayment; policyName: string }) {
  return (
    <div className="panel payment__done" role="status">
      <h2>Payment successful</h2>
      <p>
        We received {formatAmount(payment.amountMinor)}
        {policyName ? ` for ${policyName}` : ''}.
      </p>
      <p>Transaction ID: <code className="payment__transaction">{payment.transactionId}</code></p>
      <Link className="button" to="/dashboard/myApplication">Back to My Policies</Link>
    </div>
  );
}
