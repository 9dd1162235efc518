/**
 * /dashboard/premiums/:applicationId (issue 49): a policy's state and next due, the dues to pay
 * now (one or several, the total in taka, the next dues ahead offered where the total is under
 * the gateway's minimum), reviving a lapsed policy, and the receipts of what was paid. Paying
 * goes through the payment page with the dues chosen (card, demo), or straight to SSLCommerz by
 * bKash, Nagad or Rocket (wallet-choice.tsx), which sends the person back here with the outcome.
 * The holder, the assigned agent and admins.
 */
import { useEffect, useId, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { dhakaToday } from 'edge-api/src/schemas/claim.ts';
import { ErrorState, LoadingState } from '../../components/states.tsx';
import { shownPolicyName } from '../../components/policy-text.ts';
import { useMoneyFont } from '../../components/use-money-font.ts';
import { usePageTitle } from '../../components/use-page-title.ts';
import { ApiRequestError, messageOf } from '../../lib/api-error.ts';
import { formatMoney } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { useOnline } from '../../lib/use-online.ts';
import { pullChanges } from '../../lib/sync-pull.ts';
import { countReachingMinimum, dueChoiceOf, toggledCount, totalOf } from '../../lib/premiums/due-choice.ts';
import { dueStatusLabel, formatDay, modeLabel, PolicyStateBadge } from '../../lib/premiums/premium-labels.tsx';
import type { Premiums } from '../../lib/premiums/premiums-api.ts';
import { ReceiptList } from '../../lib/premiums/receipt-list.tsx';
import { usePremiums } from './use-premiums.ts';
import { WalletChoice } from './wallet-choice.tsx';
import '../../lib/premiums/premiums.css';

const money = (minor: number) => formatMoney(minor, { fractionDigits: 2 });

export function PremiumsPage() {
  usePageTitle(t('prem.title'));
  useMoneyFont();
  const { applicationId = '' } = useParams();
  const { premiums, fromDevice, remote } = usePremiums(applicationId);
  const [search] = useSearchParams();
  return (
    <section className="premiums">
      <p><Link to="/dashboard/myApplication">{t('pay.backToPolicies')}</Link></p>
      <h1>{t('prem.heading')}</h1>
      <GatewayResult result={search.get('result')} />
      {premiums ? (
        <PremiumsView premiums={premiums} fromDevice={fromDevice} />
      ) : remote.status === 'error' ? (
        <ErrorState onRetry={remote.error instanceof ApiRequestError && remote.error.status < 500 ? undefined : remote.reload}>
          {remote.error instanceof ApiRequestError && remote.error.status === 404 ? t('prem.notInForce') : messageOf(remote.error, t('prem.fetchFailed'))}
        </ErrorState>
      ) : remote.status === 'loading' && !navigator.onLine ? (
        <ErrorState>{t('prem.offlineNone')}</ErrorState>
      ) : (
        <LoadingState>{t('prem.loading')}</LoadingState>
      )}
    </section>
  );
}

/** Back from SSLCommerz (routes/sslcommerz.ts sends dues' payments here with `result`). */
function GatewayResult({ result }: { result: string | null }) {
  useEffect(() => {
    // Paid: the device's copy shows the dues paid (offline too) without waiting for the next sync.
    if (result === 'paid') void pullChanges().catch(() => undefined);
  }, [result]);
  if (result === 'paid') return <p className="form-message form-message--success" role="status">{t('prem.paidAtGateway')}</p>;
  if (result === 'cancelled') return <p className="form-message" role="status">{t('pay.cancelled')}</p>;
  if (result === 'failed') return <p className="form-message form-message--error" role="alert">{t('pay.failedAtGateway')}</p>;
  if (result === 'refused') return <p className="form-message form-message--error" role="alert">{t('prem.refusedAtGateway')}</p>;
  return null;
}

function PremiumsView({ premiums, fromDevice }: { premiums: Premiums; fromDevice: boolean }) {
  const name = shownPolicyName(premiums);
  const next = premiums.nextDue;
  return (
    <>
      <div className="panel premiums__summary">
        <h2 className="premiums__policy">{name}</h2>
        <dl className="premiums__facts">
          {premiums.policyNumber && <div><dt>{t('prem.policyNumber')}</dt><dd>{premiums.policyNumber}</dd></div>}
          <div><dt>{t('prem.stateLabel')}</dt><dd><PolicyStateBadge state={premiums.state} /></dd></div>
          <div><dt>{t('prem.modeLabel')}</dt><dd>{modeLabel(premiums.mode)}</dd></div>
          <div>
            <dt>{t('prem.nextDue')}</dt>
            <dd>{next ? t('prem.nextDueValue', { amount: money(next.amountMinor), day: formatDay(next.dueOn) }) : t('prem.noneDue')}</dd>
          </div>
        </dl>
        <StateNotice premiums={premiums} />
        {fromDevice && <p className="premiums__note" role="status">{t('prem.fromDevice')}</p>}
      </div>
      {premiums.state !== 'matured' && next && <DuesToPay premiums={premiums} />}
      <h2>{t('prem.receipts')}</h2>
      <p><Link to={`/dashboard/premiums/${encodeURIComponent(premiums.applicationId)}/statement`}>{t('prem.stmt.link')}</Link></p>
      <ReceiptList receipts={premiums.receipts} dues={premiums.dues} />
    </>
  );
}

function StateNotice({ premiums }: { premiums: Premiums }) {
  if (premiums.state === 'in_grace' && premiums.graceEndsOn) {
    return <p className="form-message premiums__warn" role="status">{t('prem.graceNotice', { day: formatDay(premiums.graceEndsOn) })}</p>;
  }
  if (premiums.state === 'lapsed') {
    const revivable = premiums.revivableUntil !== null && dhakaToday(new Date()) <= premiums.revivableUntil;
    return (
      <p className="form-message form-message--error" role="status">
        {t('prem.lapsedNotice', { day: premiums.lapsedOn ? formatDay(premiums.lapsedOn) : '' })}{' '}
        {revivable && premiums.revivableUntil ? t('prem.revivableUntil', { day: formatDay(premiums.revivableUntil) }) : t('prem.notRevivable')}
      </p>
    );
  }
  if (premiums.state === 'matured') return <p className="form-message" role="status">{t('prem.maturedNotice')}</p>;
  return null;
}

/** Ticking dues in order, the total, the minimum charge's offer, and on to the payment page. */
function DuesToPay({ premiums }: { premiums: Premiums }) {
  const online = useOnline();
  const today = dhakaToday(new Date());
  const { offered, least } = dueChoiceOf(premiums.dues, premiums.state, today);
  const revive = premiums.state === 'lapsed';
  const [count, setCount] = useState(Math.max(least, 1));
  const chosen = offered.slice(0, Math.max(count, least));
  const total = totalOf(chosen);
  const belowMinimum = total > 0 && total < premiums.minimumChargeMinor;
  const reaching = countReachingMinimum(offered, premiums.dues, chosen.length, premiums.minimumChargeMinor);
  const legendId = useId();
  if (revive && premiums.revivableUntil && today > premiums.revivableUntil) return null;
  const payTo = `/dashboard/payment/${premiums.applicationId}?dues=${chosen.map((due) => encodeURIComponent(due.id)).join(',')}`;
  return (
    <div className="panel premiums__pay">
      <fieldset aria-describedby={`${legendId}-hint`}>
        <legend><h2>{revive ? t('prem.reviveHeading') : t('prem.payHeading')}</h2></legend>
        <p id={`${legendId}-hint`} className="premiums__hint">{revive ? t('prem.reviveHint') : t('prem.payHint')}</p>
        <ul className="premiums__dues">
          {offered.map((due, index) => {
            const ticked = index < chosen.length;
            const locked = index < least && least > 1;
            return (
              <li key={due.id}>
                <label className="premiums__due">
                  <input
                    type="checkbox"
                    checked={ticked}
                    disabled={locked}
                    onChange={() => setCount(toggledCount(chosen.length, index, least))}
                  />
                  <span className="premiums__due-day">{formatDay(due.dueOn)}</span>
                  <span className="premiums__due-amount">{money(due.amountMinor)}</span>
                  <span className={`badge ${due.status === 'overdue' ? 'badge--danger' : due.status === 'due' ? 'badge--warn' : 'badge--info'}`}>{dueStatusLabel(due.status)}</span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <p className="premiums__total" aria-live="polite">
        {t('prem.total', { count: chosen.length, amount: money(total) })}
      </p>
      {belowMinimum && (
        <div className="premiums__minimum" role="status">
          <p>{t('prem.belowMinimum', { minimum: money(premiums.minimumChargeMinor) })}</p>
          {reaching > chosen.length && (
            <button type="button" className="button button--secondary" onClick={() => setCount(reaching)}>
              {t('prem.addAhead', { count: reaching - chosen.length })}
            </button>
          )}
        </div>
      )}
      {!online && <p className="form-message form-message--error" role="status">{t('prem.payOffline')}</p>}
      {online && chosen.length > 0 ? (
        <>
          <Link className="button premiums__go" to={payTo}>
            {revive ? t('prem.revivePay', { amount: money(total) }) : t('prem.payChosen', { amount: money(total) })}
          </Link>
          {!belowMinimum && (
            <WalletChoice
              applicationId={premiums.applicationId}
              dueIds={chosen.map((due) => due.id)}
              amountMinor={total}
              online={online}
              onSuggested={setCount}
            />
          )}
        </>
      ) : null}
    </div>
  );
}
