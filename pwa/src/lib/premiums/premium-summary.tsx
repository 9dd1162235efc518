/**
 * A policy's premium state and next due in a line, with the way to its premiums page (issue 49):
 * for My Policies and the policy's page. From the device's copy, so it shows offline too.
 */
import { Link } from 'react-router-dom';
import { formatMoney } from '../i18n/format.ts';
import { t } from '../i18n/runtime.ts';
import type { Application } from '../local-db.ts';
import { localPremiums } from './local-premiums.ts';
import { formatDay, PolicyStateBadge } from './premium-labels.tsx';

/** A policy in force: approved and paid for. */
export const isPolicyInForce = (application: Application) => application.status.toLowerCase() === 'approved' && application.paymentStatus === 'paid';

export function PremiumSummary({ application, policyName }: { application: Application; policyName: string }) {
  if (!isPolicyInForce(application)) return null;
  const premiums = localPremiums(application);
  const to = `/dashboard/premiums/${application.id}`;
  const next = premiums?.nextDue ?? null;
  const payable = next !== null && premiums?.state !== 'matured';
  // One shape with or without the device's dues (a list from the server has none; the synced copy
  // has them): the link stays the same element when they arrive, so a tap on it is never lost.
  return (
    <div className="premium-summary">
      {premiums && <PolicyStateBadge state={premiums.state} />}
      {next && (
        <small className="data__detail">{t('prem.nextShort', { day: formatDay(next.dueOn), amount: formatMoney(next.amountMinor, { fractionDigits: 2 }) })}</small>
      )}
      <Link
        className={`button button--small${payable ? '' : ' button--secondary'}`}
        to={to}
        aria-label={payable ? t('prem.payFor', { policy: policyName }) : t('prem.openPremiums', { policy: policyName })}
      >
        {payable ? t('prem.payDues') : t('prem.policyState')}
      </Link>
    </div>
  );
}
