/**
 * My Applications ('My Policies', spec section 2): the user's own applications with their
 * status, agent and payment; Pay while unpaid and not rejected, delete while pending.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { DataTable, type Column } from '../../components/data-table.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/states.tsx';
import { showToast } from '../../components/toast.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { messageOf } from '../../lib/api-error.ts';
import type { Application } from '../../lib/local-db.ts';
import { isLocalApplication, pendingLabel } from '../../lib/outbox-overlay.ts';
import { useSession } from '../../lib/use-session.ts';
import { ApplicationStatus, formatDate, mayPay } from './application-status.tsx';
import { deleteApplication, isAlreadyGone } from './delete-application.ts';
import { useMyApplications } from './use-my-applications.ts';
import './my-applications.css';
import { t } from '../../lib/i18n/runtime.ts';

/** The table's columns; a change still in the outbox is shown as waiting, with no actions yet. */
function columns(askDelete: (application: Application) => void): Column<Application>[] {
  const onServer = (application: Application) => !isLocalApplication(application.id);
  const actionable = (application: Application) => onServer(application) && !pendingLabel(application);
  return [
    {
      header: t('apps.policyName'),
      kind: 'title',
      cell: (application) =>
        onServer(application) ? <Link to={`/dashboard/applications/${application.id}`}>{application.policyName}</Link> : application.policyName,
    },
    {
      header: t('apps.status'),
      cell: (application) => (
        <>
          <ApplicationStatus status={application.status} />
          {pendingLabel(application) && <span className="badge badge--info my-applications__waiting">{pendingLabel(application)}</span>}
        </>
      ),
    },
    { header: t('apps.assignedAgent'), cell: (application) => application.assignedAgent || t('apps.notAssigned') },
    { header: t('apps.appliedAt'), cell: (application) => formatDate(application.appliedAt) },
    {
      header: t('apps.payment'),
      cell: (application) =>
        application.paymentStatus === 'paid' ? <span className="badge badge--success">{t('apps.paid')}</span> : <span className="my-applications__muted">{t('apps.unpaid')}</span>,
    },
    {
      header: t('apps.actions'),
      kind: 'actions',
      cell: (application) => {
        const pay = application.paymentStatus !== 'paid' && mayPay(application) && actionable(application);
        const remove = application.status === 'pending' && actionable(application);
        if (!pay && !remove) return <span className="my-applications__muted">—</span>;
        return (
          <div className="row-actions">
            {pay && (
              <Link className="button button--small" to={`/dashboard/payment/${application.id}`} aria-label={t('apps.payFor', { policy: application.policyName })}>
                {t('apps.pay')}
              </Link>
            )}
            {remove && (
              <button
                type="button"
                className="button button--danger button--small"
                aria-label={t('apps.deleteFor', { policy: application.policyName })}
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

export function MyApplicationsPage() {
  usePageTitle(t('title.myPolicies'));
  const { user } = useSession();
  const applications = useMyApplications(user?.email ?? '');
  const [toDelete, setToDelete] = useState<Application | null>(null);
  const [deleting, setDeleting] = useState(false);

  async function confirmDelete() {
    if (!toDelete) return;
    const { id } = toDelete;
    setDeleting(true);
    try {
      const outcome = await deleteApplication(id);
      if (outcome === 'queued') {
        showToast('info', t('apps.deletionSaved'), t('apps.deleteOffline'), 4000);
      } else if (outcome === 'slow') {
        showToast('info', t('apps.deletionSaved'), t('apps.deleteSlow'), 4000);
      } else {
        applications.forget(id);
        showToast('success', t('apps.deleted'), t('apps.deletedText'), 1500);
      }
    } catch (error) {
      if (isAlreadyGone(error)) {
        applications.forget(id);
        showToast('error', t('apps.notFound'));
      } else {
        showToast('error', t('apps.deleteFailed'), messageOf(error, ''));
      }
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  }

  return (
    <section className="my-applications">
      <h1>{t('apps.heading')}</h1>
      {applications.status === 'loading' && <LoadingState>{t('apps.loading')}</LoadingState>}
      {applications.status === 'error' && <ErrorState onRetry={applications.retry}>
          <strong>{t('apps.notDownloaded')}</strong> {t('apps.fetchFailed')}
        </ErrorState>}
      {applications.status === 'ready' && applications.data.length === 0 && (
        <div className="my-applications__empty">
          <EmptyState>{t('apps.none')}</EmptyState>
          <p>{t('apps.noneYet')}</p>
          <Link className="button" to="/all-policies">{t('apps.browse')}</Link>
        </div>
      )}
      {applications.status === 'ready' && applications.data.length > 0 && (
        <DataTable
          label={t('apps.tableLabel')}
          columns={columns(setToDelete)}
          rows={applications.data}
          rowKey={(application) => application.id}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        busy={deleting}
        onCancel={() => setToDelete(null)}
        onConfirm={() => void confirmDelete()}
        confirmLabel={t('apps.confirmDelete')}
        busyLabel={t('apps.deleting')}
      >
        <p>{t('apps.willDelete', { policy: toDelete?.policyName ?? '' })}</p>
      </ConfirmDialog>
    </section>
  );
}
