/**
 * The payment page for a policy's dues (issue 49): /dashboard/payment/:id?dues=<id>,<id>. The
 * dues and their total as the server sums them, the ways to pay (SSLCommerz, the card form of
 * Stripe or the demo mode), and once paid the receipt listing the dues it covered. Where the
 * dues come to less than the gateway's minimum the server says so, and the page offers the
 * next dues ahead that reach it.
 */
import { Link, useNavigate } from 'react-router-dom';
import { useState } from 'react';
import { ErrorState, LoadingState } from '../../components/states.tsx';
import { shownPolicyName } from '../../components/policy-text.ts';
import { showToast } from '../../components/toast.tsx';
import { ApiRequestError, messageOf } from '../../lib/api-error.ts';
import { formatMoney } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { pullChanges } from '../../lib/sync-pull.ts';
import { useOnline } from '../../lib/use-online.ts';
import { useRequest } from '../../lib/use-request.ts';
import { fetchPremiums } from '../../lib/premiums/premiums-api.ts';
import { formatDay } from '../../lib/premiums/premium-labels.tsx';
import { ReceiptCard } from '../../lib/premiums/receipt-list.tsx';
import { CardForm } from './card-form.tsx';
import { createDuesPaymentIntent, saveDuesPayment, type DuesReceipt } from './dues-payment-api.ts';
import { GatewayChoice } from './gateway-choice.tsx';

const money = (minor: number) => formatMoney(minor, { fractionDigits: 2 });

async function start(applicationId: string, dueIds: string[], signal: AbortSignal) {
  const [intent, premiums] = await Promise.all([createDuesPaymentIntent(applicationId, dueIds, signal), fetchPremiums(applicationId, signal)]);
  // Paid earlier but never recorded (a closed tab, a lost answer): recorded at once.
  const recorded = intent.status === 'succeeded' ? await saveDuesPayment(applicationId, intent.paymentIntentId, dueIds) : null;
  return { intent, premiums, recorded };
}

type Recording = { state: 'saving'; transactionId: string } | { state: 'failed'; transactionId: string; message: string };

export function DuesPayment({ applicationId, dueIds }: { applicationId: string; dueIds: string[] }) {
  const online = useOnline();
  const started = useRequest((signal) => start(applicationId, dueIds, signal), [applicationId, dueIds], online);
  const [recording, setRecording] = useState<Recording | null>(null);
  const [receipt, setReceipt] = useState<DuesReceipt | null>(null);

  async function record(transactionId: string) {
    setRecording({ state: 'saving', transactionId });
    try {
      const saved = await saveDuesPayment(applicationId, transactionId, dueIds);
      setReceipt(saved);
      setRecording(null);
      showToast('success', t('prem.paymentDone'), t('prem.receiptNumber', { number: saved.receiptNumber }));
      void pullChanges().catch(() => undefined);
    } catch (error) {
      setRecording({ state: 'failed', transactionId, message: messageOf(error, t('pay.failed')) });
    }
  }

  const done = receipt ?? (started.status === 'ready' ? started.data.recorded : null);
  const premiumsLink = `/dashboard/premiums/${applicationId}`;
  if (done && started.status === 'ready') {
    return (
      <div className="panel payment__done" role="status">
        <h2>{t('prem.paymentDone')}</h2>
        <ReceiptCard receipt={done} dues={started.data.premiums.dues} />
        <p><Link className="button" to={premiumsLink}>{t('prem.backToPremiums')}</Link></p>
      </div>
    );
  }
  if (started.status === 'error') return <IntentProblem error={started.error} applicationId={applicationId} onRetry={started.reload} />;
  if (started.status !== 'ready') return !online ? <ErrorState>{t('pay.offlineWait')}</ErrorState> : <LoadingState>{t('pay.preparing')}</LoadingState>;
  const { intent, premiums } = started.data;
  const chosen = premiums.dues.filter((due) => dueIds.includes(due.id));
  return (
    <div className="panel payment__panel">
      <dl className="payment__summary">
        <div><dt>{t('pay.policy')}</dt><dd>{shownPolicyName(premiums)}</dd></div>
        <div>
          <dt>{t('prem.paymentDues')}</dt>
          <dd>
            <ul className="premiums__covered">
              {chosen.map((due) => <li key={due.id}>{t('prem.coveredDue', { day: formatDay(due.dueOn), amount: money(due.amountMinor) })}</li>)}
            </ul>
          </dd>
        </div>
        <div><dt>{t('pay.amount')}</dt><dd className="payment__amount">{money(intent.amount)}</dd></div>
      </dl>
      {!online && <p className="form-message form-message--error" role="status">{t('pay.offline')}</p>}
      {recording?.state === 'saving' ? (
        <LoadingState>{t('pay.recording')}</LoadingState>
      ) : recording?.state === 'failed' ? (
        <ErrorState onRetry={() => void record(recording.transactionId)}>{recording.message}</ErrorState>
      ) : (
        <>
          <GatewayChoice applicationId={applicationId} amount={intent.amount} online={online} dueIds={dueIds} />
          <CardForm intent={intent} online={online} onPaid={(transactionId) => void record(transactionId)} />
        </>
      )}
      <p><Link to={premiumsLink}>{t('prem.backToPremiums')}</Link></p>
    </div>
  );
}

/** The server's refusal: dues not payable now, or under the minimum charge with the dues that reach it. */
function IntentProblem({ error, applicationId, onRetry }: { error: unknown; applicationId: string; onRetry: () => void }) {
  const navigate = useNavigate();
  const details = error instanceof ApiRequestError ? (error.body?.details as { minimumMinor?: number; suggestedDueIds?: string[] } | undefined) : undefined;
  if (details?.suggestedDueIds?.length) {
    const suggested = details.suggestedDueIds;
    return (
      <div className="state state--error" role="alert">
        <p>{t('prem.belowMinimum', { minimum: money(details.minimumMinor ?? 1000) })}</p>
        <button type="button" className="button" onClick={() => navigate(`/dashboard/payment/${applicationId}?dues=${suggested.map(encodeURIComponent).join(',')}`)}>
          {t('prem.addAhead', { count: Math.max(1, suggested.length) })}
        </button>
      </div>
    );
  }
  const status = error instanceof ApiRequestError ? error.status : 0;
  return (
    <div className="state state--error" role="alert">
      <p>{status === 404 ? t('prem.notInForce') : messageOf(error, t('pay.failed'))}</p>
      {status >= 500 || status === 0 ? <button type="button" className="button" onClick={onRetry}>{t('state.tryAgain')}</button> : null}
      <Link className="button button--secondary" to={`/dashboard/premiums/${applicationId}`}>{t('prem.backToPremiums')}</Link>
    </div>
  );
}
