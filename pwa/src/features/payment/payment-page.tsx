/**
 * /dashboard/payment/:id (spec section 2): pay for one's own application by card. The
 * server sets the price and creates the intent; the card form (Stripe Elements, or the
 * labelled demo form without Stripe keys) confirms it; the server then checks the intent
 * with the provider and records the payment. Card or provider messages show under the form.
 * A paid application's page never offers to pay again and never shows the server's "already
 * paid" refusal as an error (issue 48): it says it is paid and links to the receipt and certificate.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../components/states.tsx';
import { showToast } from '../../components/toast.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { ApiRequestError, messageOf } from '../../lib/api-error.ts';
import { localDb, type Application } from '../../lib/local-db.ts';
import { pullChanges } from '../../lib/sync-pull.ts';
import { useOnline } from '../../lib/use-online.ts';
import { useRequest } from '../../lib/use-request.ts';
import { CardForm } from './card-form.tsx';
import { DuesPayment } from './dues-payment.tsx';
import { GatewayChoice } from './gateway-choice.tsx';
import { formatMoney } from '../../lib/i18n/format.ts';
import { createPaymentIntent, savePayment, type PaymentIntent, type RecordedPayment } from './payment-api.ts';
import './payment.css';
import { t } from '../../lib/i18n/runtime.ts';
import { shownPolicyName } from '../../components/policy-text.ts';

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
  const [search] = useSearchParams();
  // Issue 49: ?dues=<id>,<id> pays those dues of a policy in force, not the application fee.
  const dueIds = search.get('dues')?.split(',').filter(Boolean) ?? [];
  return dueIds.length > 0 ? <PremiumPaymentPage dueIds={dueIds} /> : <ApplicationPaymentPage />;
}

function PremiumPaymentPage({ dueIds }: { dueIds: string[] }) {
  usePageTitle(t('prem.payPageHeading'));
  const { id = '' } = useParams();
  return (
    <section className="payment">
      <h1>{t('prem.payPageHeading')}</h1>
      <DuesPayment applicationId={id} dueIds={dueIds} />
    </section>
  );
}

function ApplicationPaymentPage() {
  usePageTitle(t('title.payment'));
  const { id = '' } = useParams();
  const online = useOnline();
  // An application applied for offline has no server id yet: nothing to pay for until it is sent.
  const waitingToSend = id.startsWith('local:');
  // The device's copy (null: not on this device): one it knows is paid asks for no intent at all.
  const local = useLiveQuery(async () => (id ? ((await localDb.applications.get(id)) ?? null) : null), [id]);
  const knownPaid = local?.paymentStatus === 'paid';
  const intent = useRequest((signal) => startPayment(id, signal), [id], online && id !== '' && !waitingToSend && local !== undefined && !knownPaid);
  const [recording, setRecording] = useState<Recording | null>(null);
  const [recorded, setRecorded] = useState<RecordedPayment | null>(null);

  async function record(transactionId: string) {
    setRecording({ state: 'saving', transactionId });
    try {
      const payment = await savePayment(id, transactionId);
      setRecorded(payment);
      setRecording(null);
      showToast('success', t('pay.success'), t('pay.transaction', { id: payment.transactionId }));
      void pullChanges().catch(() => undefined); // the local copy shows Paid without waiting for the next sync
    } catch (error) {
      setRecording({ state: 'failed', transactionId, message: messageOf(error, t('pay.failed')) });
    }
  }

  const done = recorded ?? (intent.status === 'ready' ? intent.data.recorded : null);
  const [search] = useSearchParams();
  const gatewayResult = search.get('result');
  // Paid: the device's copy says so, or the server refused a new intent because it is.
  const paid = !done && (knownPaid || (intent.status === 'error' && isAlreadyPaid(intent.error)));
  useEffect(() => {
    // Back from the gateway paid: the device's copy shows Paid (and the receipt) without waiting for the next sync.
    if (gatewayResult === 'paid') void pullChanges().catch(() => undefined);
  }, [gatewayResult]);

  return (
    <section className="payment">
      <p><Link to="/dashboard/myApplication">{t('pay.back')}</Link></p>
      <h1>{t('pay.heading')}</h1>
      {!paid && <GatewayOutcome result={gatewayResult} applicationId={id} />}
      {done ? (
        <PaymentDone payment={done} policyName={intent.data ? shownPolicyName(intent.data) : ''} />
      ) : paid ? (
        <AlreadyPaid applicationId={id} local={local ?? null} justPaid={gatewayResult === 'paid'} />
      ) : waitingToSend ? (
        <p className="form-message form-message--error" role="status">
          {t('pay.waiting')}
        </p>
      ) : intent.status === 'ready' ? (
        <div className="panel payment__panel">
          <dl className="payment__summary">
            <div><dt>{t('pay.policy')}</dt><dd>{shownPolicyName(intent.data)}</dd></div>
            <div><dt>{t('pay.amount')}</dt><dd className="payment__amount">{formatMoney(intent.data.amount, { fractionDigits: 2 })}</dd></div>
          </dl>
          {!online && <p className="form-message form-message--error" role="status">{t('pay.offline')}</p>}
          {recording?.state === 'saving' ? (
            <LoadingState>{t('pay.recording')}</LoadingState>
          ) : recording?.state === 'failed' ? (
            <ErrorState onRetry={() => void record(recording.transactionId)}>
              Your payment went through, but recording it failed: {recording.message}
            </ErrorState>
          ) : (
            <>
              <GatewayChoice applicationId={id} amount={intent.data.amount} online={online} />
              <CardForm intent={intent.data} online={online} onPaid={(transactionId) => void record(transactionId)} />
            </>
          )}
        </div>
      ) : !online ? (
        <ErrorState>{t('pay.offlineWait')}</ErrorState>
      ) : intent.status === 'error' ? (
        <IntentProblem error={intent.error} onRetry={intent.reload} />
      ) : (
        <LoadingState>{t('pay.preparing')}</LoadingState>
      )}
    </section>
  );
}

/** What the person came back from SSLCommerz to (routes/sslcommerz.ts redirects here with `result`). */
function GatewayOutcome({ result, applicationId }: { result: string | null; applicationId: string }) {
  if (result === 'paid') {
    return (
      <p className="form-message" role="status">
        {t('pay.paidAtGateway')} <Link to={`/dashboard/receipts/${applicationId}`}>{t('pay.viewReceipt')}</Link>
      </p>
    );
  }
  // Cancelling is the person's own choice, not a failure: said plainly, not as an error (issue 48).
  if (result === 'cancelled') return <p className="form-message" role="status">{t('pay.cancelled')}</p>;
  const message = result === 'failed' ? t('pay.failedAtGateway') : result === 'refused' ? t('pay.refusedAtGateway') : null;
  return message ? <p className="form-message form-message--error" role="alert">{message}</p> : null;
}

/** The server's refusal of an intent for an application that is paid (routes/create-payment-intent.ts). */
const isAlreadyPaid = (error: unknown) => error instanceof ApiRequestError && error.status === 409 && error.body?.details?.paymentStatus === 'paid';

/** A paid application: said once, with its receipt and, once approved, its certificate; nothing to pay. */
function AlreadyPaid({ applicationId, local, justPaid }: { applicationId: string; local: Application | null; justPaid: boolean }) {
  const certificate = local?.papers?.certificate;
  return (
    <div className="panel payment__done" role="status">
      <h2>{justPaid ? t('pay.paidAtGateway') : t('pay.alreadyPaid')}</h2>
      {!certificate && local && local.status.toLowerCase() !== 'approved' && <p>{t('pay.certificateLater')}</p>}
      <p className="row-actions">
        <Link className="button" to={`/dashboard/receipts/${applicationId}`}>{t('pay.viewReceipt')}</Link>
        {certificate && <Link className="button button--secondary" to={`/dashboard/certificates/${applicationId}`}>{t('pay.viewCertificate')}</Link>}
        <Link className="button button--secondary" to="/dashboard/myApplication">{t('pay.backToPolicies')}</Link>
      </p>
    </div>
  );
}

/** Why no payment can start: already paid or rejected (409), not found, not configured (503)... */
function IntentProblem({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const status = error instanceof ApiRequestError ? error.status : 0;
  if (status === 404) return <ErrorState>{t('apps.notFound')}</ErrorState>;
  if (status === 409 || status === 403) {
    return (
      <div className="state state--error" role="alert">
        <p>{messageOf(error, t('pay.failed'))}</p>
        <Link className="button button--secondary" to="/dashboard/myApplication">{t('pay.backToPolicies')}</Link>
      </div>
    );
  }
  return <ErrorState onRetry={status === 503 ? undefined : onRetry}>{messageOf(error, t('pay.failed'))}</ErrorState>;
}

function PaymentDone({ payment, policyName }: { payment: RecordedPayment; policyName: string }) {
  return (
    <div className="panel payment__done" role="status">
      <h2>{t('pay.done')}</h2>
      <p>
        {policyName
          ? t('pay.receivedFor', { amount: formatMoney(payment.amountMinor, { fractionDigits: 2 }), policy: policyName })
          : t('pay.received', { amount: formatMoney(payment.amountMinor, { fractionDigits: 2 }) })}
      </p>
      <p>{t('pay.transactionLabel')} <code className="payment__transaction">{payment.transactionId}</code></p>
      <p>
        <Link className="button" to={`/dashboard/receipts/${payment.applicationId}`}>{t('pay.viewReceipt')}</Link>{' '}
        <Link className="button button--secondary" to="/dashboard/myApplication">{t('pay.backToPolicies')}</Link>
      </p>
    </div>
  );
}
