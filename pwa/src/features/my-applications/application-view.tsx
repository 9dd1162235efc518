/**
 * One application in full (/dashboard/applications/:id): what was applied for, its status and
 * payment. From the device's copy when it is there, else from the API (owner, assigned
 * agent or admin may read it; the server decides).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { DocumentGallery } from '../../components/document-gallery.tsx';
import { PaymentBadge } from '../../components/payment-badge.tsx';
import { ErrorState, LoadingState } from '../../components/states.tsx';
import { useMoneyFont } from '../../components/use-money-font.ts';
import { usePageTitle } from '../../components/use-page-title.ts';
import { ApiRequestError, messageOf } from '../../lib/api-error.ts';
import { localDb, type Application } from '../../lib/local-db.ts';
import { useRequest } from '../../lib/use-request.ts';
import { useSession } from '../../lib/use-session.ts';
import { ApplicationStatus, formatDate, formatDateTime, formatPremium, mayPay, RejectionReason } from './application-status.tsx';
import { fetchApplication } from './my-applications-api.ts';
import './my-applications.css';
import { type MessageId, t } from '../../lib/i18n/runtime.ts';
import { categoryLabel } from '../../components/category-label.ts';
import { healthLabel, relationshipLabel } from '../../components/applicant-labels.ts';
import { policyNumberOf } from 'edge-api/src/schemas/policy-number.ts';
import { nextStep } from './application-status.tsx';

const paymentWords = () => ({ paid: t('apps.paid'), refunded: t('papers.refundedShort'), unpaid: t('apps.unpaid') });
import { isPolicyInForce, PremiumSummary } from '../../lib/premiums/premium-summary.tsx';
import { shownEmail } from '../../lib/shown-email.ts';
import { usePolicyFacts } from './use-policy-facts.ts';
import { shownPolicyName } from '../../components/policy-text.ts';

export function ApplicationView() {
  usePageTitle(t('title.application'));
  useMoneyFont();
  const { id = '' } = useParams();
  const local = useLiveQuery(async () => (await localDb.applications.get(id)) ?? null, [id]);
  const remote = useRequest((signal) => fetchApplication(id, signal), [id], local === null);
  const application = local ?? (remote.status === 'ready' ? remote.data : undefined);

  return (
    <section className="application-view">
      <p><Link to="/dashboard/myApplication">{t('app.back')}</Link></p>
      <h1>{t('app.heading')}</h1>
      {application ? (
        <ApplicationDetails application={application} />
      ) : remote.status === 'error' ? (
        <ErrorState onRetry={remote.error instanceof ApiRequestError && remote.error.status === 404 ? undefined : remote.reload}>
          {remote.error instanceof ApiRequestError && remote.error.status === 404
            ? t('apps.notFound')
            : messageOf(remote.error, t('apps.fetchFailed'))}
        </ErrorState>
      ) : (
        <LoadingState>{t('app.loading')}</LoadingState>
      )}
    </section>
  );
}

function ApplicationDetails({ application }: { application: Application }) {
  const { user } = useSession();
  const isOwner = user?.id !== undefined && user.email.toLowerCase() === application.userEmail.toLowerCase();
  // The agent by name, as My Policies shows them (issue 29).
  const facts = usePolicyFacts(application.policyId ? [application.policyId] : [], application.assignedAgent ? [application.assignedAgent.toLowerCase()] : []);
  const agent = application.assignedAgent ? facts.agents.get(application.assignedAgent.toLowerCase()) : undefined;
  const rows: [MessageId, ReactNode][] = [
    ['apps.policyName', shownPolicyName(application)],
    ...(policyNumberOf(application) ? [['app.policyNumber', policyNumberOf(application)] as [MessageId, ReactNode]] : []),
    ['app.policyType', categoryLabel(application.category ?? application.policyType ?? t('common.na'))],
    ['apps.status', <><ApplicationStatus key="status" status={application.status} /> <RejectionReason application={application} /></>],
    ['app.nextStep', nextStep(application, agent?.name ?? null)],
    ['apps.payment', <PaymentBadge key="payment" application={application} words={paymentWords()} />],
    ['app.premium', formatPremium(application.estimatedPremium)],
    // Issue 49: the policy's state and next due once it is in force.
    ...(isPolicyInForce(application) ? [['prem.policyState', <PremiumSummary key="premiums" application={application} policyName={shownPolicyName(application)} />] as [MessageId, ReactNode]] : []),
    ['apps.appliedAt', formatDateTime(application.appliedAt)],
    [
      'apps.assignedAgent',
      agent ? (
        <>
          {agent.name}
          {agent.phone && <> · <a href={`tel:${agent.phone.replace(/[^\d+]/g, '')}`}>{agent.phone}</a></>}
        </>
      ) : (
        application.assignedAgent || t('apps.notAssigned')
      ),
    ],
    ['app.assignedAt', formatDateTime(application.assignedAt)],
    ['app.decidedAt', formatDateTime(application.decidedAt)],
    ['app.name', application.name],
    ['app.email', shownEmail(application.email || application.userEmail) || t('common.na')],
    ['app.phone', application.phone || t('common.na')],
    ['app.address', application.address],
    ['app.nid', application.nid],
    ['eligibility.dateOfBirth', application.dateOfBirth ? formatDate(`${application.dateOfBirth}T12:00:00Z`) : t('common.na')],
    ['app.nominee', application.nomineeName],
    ['app.relationship', relationshipLabel(application.relationship)],
    ['app.health', application.healthConditions?.length ? application.healthConditions.map(healthLabel).join(', ') : t('common.na')],
  ];
  return (
    <div className="panel">
      <dl>
        {rows.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{t(label)}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <DocumentGallery applicationId={application.id} heading={2} />
      {isOwner && mayPay(application) && (
        <div className="application-view__actions">
          <Link className="button" to={`/dashboard/payment/${application.id}`}>{t('apps.pay')}</Link>
        </div>
      )}
    </div>
  );
}
