/**
 * My Policies' columns (a card each at 360 px, components/data-table.tsx), as a customer reads a
 * policy (issue 29): its name and, once approved, its number; the status in words with what
 * happens next; the monthly premium and the coverage in ৳; the agent by name with a phone to
 * tap; the dates in the person's language. A change still in the outbox shows as waiting, with
 * no actions yet.
 */
import { Link } from 'react-router-dom';
import { policyNumberOf } from 'edge-api/src/schemas/policy-number.ts';
import type { Column } from '../../components/data-table.tsx';
import { policyText, shownPolicyName } from '../../components/policy-text.ts';
import { formatMoney } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/runtime.ts';
import type { Application, PublicAgent } from '../../lib/local-db.ts';
import { isLocalApplication, pendingLabel } from '../../lib/outbox-overlay.ts';
import { ApplicationStatus, formatDate, formatPremium, mayDelete, mayPay, nextStep, RejectionReason } from './application-status.tsx';
import { PaperLinks } from './paper-links.tsx';
import { isPolicyInForce, PremiumSummary } from '../../lib/premiums/premium-summary.tsx';
import type { PolicyFacts } from './use-policy-facts.ts';

const agentOf = (application: Application, facts: PolicyFacts): PublicAgent | undefined =>
  application.assignedAgent ? facts.agents.get(application.assignedAgent.toLowerCase()) : undefined;

/** The policy's name in the page's language, when the device has the policy. */
export function policyNameOf(application: Application, facts: PolicyFacts): string {
  const policy = application.policyId ? facts.policies.get(application.policyId) : undefined;
  return policy ? policyText(policy).title : shownPolicyName(application);
}

function AgentCell({ application, agent }: { application: Application; agent: PublicAgent | undefined }) {
  if (!application.assignedAgent) return <>{t('apps.notAssigned')}</>;
  // An agent the device does not know (yet): the address they were assigned by.
  if (!agent) return <>{application.assignedAgent}</>;
  return (
    <div>
      {agent.name}
      {agent.phone && (
        <a className="my-applications__call" href={`tel:${agent.phone.replace(/[^\d+]/g, '')}`} aria-label={t('apps.callAgent', { agent: agent.name, phone: agent.phone })}>
          {agent.phone}
        </a>
      )}
    </div>
  );
}

export function myPolicyColumns(facts: PolicyFacts, askDelete: (application: Application) => void): Column<Application>[] {
  const onServer = (application: Application) => !isLocalApplication(application.id);
  const actionable = (application: Application) => onServer(application) && !pendingLabel(application);
  return [
    {
      header: t('apps.policyName'),
      kind: 'title',
      cell: (application) => {
        const name = policyNameOf(application, facts);
        return (
          <>
            {onServer(application) ? <Link to={`/dashboard/applications/${application.id}`}>{name}</Link> : name}
            {policyNumberOf(application) && (
              <small className="data__detail my-applications__number">{t('apps.policyNumber', { number: policyNumberOf(application) ?? '' })}</small>
            )}
          </>
        );
      },
    },
    {
      header: t('apps.status'),
      // One box: in a card the cell is a label and one value beside it.
      cell: (application) => (
        <div>
          <ApplicationStatus status={application.status} />
          <RejectionReason application={application} />
          {pendingLabel(application) && <span className="badge badge--info my-applications__waiting">{pendingLabel(application)}</span>}
          <small className="data__detail my-applications__next">{nextStep(application, agentOf(application, facts)?.name ?? null)}</small>
        </div>
      ),
    },
    { header: t('apps.monthlyPremium'), cell: (application) => formatPremium(application.estimatedPremium) },
    // Issue 49: once in force, the premiums' state, the next due and the way to pay it.
    { header: t('prem.policyState'), cell: (application) => (isPolicyInForce(application) ? <PremiumSummary application={application} policyName={policyNameOf(application, facts)} /> : '—') },
    {
      header: t('apps.coverage'),
      cell: (application) => {
        const policy = application.policyId ? facts.policies.get(application.policyId) : undefined;
        // The cover quoted when applying (issue 48), else the policy's own.
        const cover = application.coveragePoisha ?? policy?.coverageRange;
        return cover === undefined ? t('common.na') : formatMoney(cover);
      },
    },
    { header: t('apps.assignedAgent'), cell: (application) => <AgentCell application={application} agent={agentOf(application, facts)} /> },
    { header: t('apps.appliedAt'), cell: (application) => formatDate(application.appliedAt) },
    {
      header: t('apps.payment'),
      cell: (application) => (
        <>
          {application.paymentStatus === 'paid' ? (
            <span className="badge badge--success">{t('apps.paid')}</span>
          ) : (
            !application.papers?.receipt?.refundedAt && <span className="my-applications__muted">{t('apps.unpaid')}</span>
          )}
          <PaperLinks application={application} />
        </>
      ),
    },
    {
      header: t('apps.actions'),
      kind: 'actions',
      cell: (application) => {
        const pay = mayPay(application) && actionable(application);
        const remove = mayDelete(application) && actionable(application);
        if (!pay && !remove) return <span className="my-applications__muted">—</span>;
        return (
          <div className="row-actions">
            {pay && (
              <Link className="button button--small" to={`/dashboard/payment/${application.id}`} aria-label={t('apps.payFor', { policy: policyNameOf(application, facts) })}>
                {t('apps.pay')}
              </Link>
            )}
            {remove && (
              <button
                type="button"
                className="button button--danger button--small"
                aria-label={t('apps.deleteFor', { policy: policyNameOf(application, facts) })}
                onClick={() => askDelete(application)}
              >
                {t('apps.delete')}
              </button>
            )}
          </div>
        );
      },
    },
  ];
}
