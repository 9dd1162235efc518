/**
 * One application in full (/dashboard/applications/:id): what was applied for, its status and
 * payment. From the device's copy when it is there, else from the API (owner, assigned
 * agent or admin may read it; the server decides).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../components/states.tsx';
import { useMoneyFont } from '../../components/use-money-font.ts';
import { usePageTitle } from '../../components/use-page-title.ts';
import { ApiRequestError, messageOf } from '../../lib/api-error.ts';
import { localDb, type Application } from '../../lib/local-db.ts';
import { useRequest } from '../../lib/use-request.ts';
import { useSession } from '../../lib/use-session.ts';
import { ApplicationStatus, formatDateTime, formatPremium, mayPay } from './application-status.tsx';
import { fetchApplication } from './my-applications-api.ts';
import './my-applications.css';
import { t } from '../../lib/i18n/runtime.ts';

export function ApplicationView() {
  usePageTitle(t('title.application'));
  useMoneyFont();
  const { id = '' } = useParams();
  const local = useLiveQuery(async () => (await localDb.applications.get(id)) ?? null, [id]);
  const remote = useRequest((signal) => fetchApplication(id, signal), [id], local === null);
  const application = local ?? (remote.status === 'ready' ? remote.data : undefined);

  return (
    <section className="application-view">
      <p><Link to="/dashboard/myApplication">← My Policies</Link></p>
      <h1>Application</h1>
      {application ? (
        <ApplicationDetails application={application} />
      ) : remote.status === 'error' ? (
        <ErrorState onRetry={remote.error instanceof ApiRequestError && remote.error.status === 404 ? undefined : remote.reload}>
          {remote.error instanceof ApiRequestError && remote.error.status === 404
            ? 'Application not found or already deleted'
            : messageOf(remote.error, 'Failed to fetch your applications.')}
        </ErrorState>
      ) : (
        <LoadingState>Loading application...</LoadingState>
      )}
    </section>
  );
}

function ApplicationDetails({ application }: { application: Application }) {
  const { user } = useSession();
  const isOwner = user?.id !== undefined && user.email.toLowerCase() === application.userEmail.toLowerCase();
  const rows: [string, ReactNode][] = [
    ['Policy Name', application.policyName],
    ['Policy Type', application.category ?? application.policyType ?? 'N/A'],
    ['Status', <ApplicationStatus key="status" status={application.status} />],
    ['Payment', application.paymentStatus === 'paid' ? 'Paid' : 'Unpaid'],
    ['Estimated Premium', formatPremium(application.estimatedPremium)],
    ['Applied At', formatDateTime(application.appliedAt)],
    ['Assigned Agent', application.assignedAgent || 'Not Assigned'],
    ['Assigned At', formatDateTime(application.assignedAt)],
    ['Decided At', formatDateTime(application.decidedAt)],
    ['Name', application.name],
    ['Email', application.email || application.userEmail],
    ['Phone', application.phone || 'N/A'],
    ['Address', application.address],
    ['NID', application.nid],
    ['Nominee Name', application.nomineeName],
    ['Relationship', application.relationship],
    ['Health Conditions', application.healthConditions?.length ? application.healthConditions.join(', ') : 'N/A'],
  ];
  return (
    <div className="panel">
      <dl>
        {rows.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {isOwner && mayPay(application) && (
        <div className="application-view__actions">
          <Link className="button" to={`/dashboard/payment/${application.id}`}>Pay</Link>
        </div>
      )}
    </div>
  );
}
