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
      header: 'Policy Name',
      kind: 'title',
      cell: (application) =>
        onServer(application) ? <Link to={`/dashboard/applications/${application.id}`}>{application.policyName}</Link> : application.policyName,
    },
    {
      header: 'Status',
      cell: (application) => (
        <>
          <ApplicationStatus status={application.status} />
          {pendingLabel(application) && <span className="badge badge--info my-applications__waiting">{pendingLabel(application)}</span>}
        </>
      ),
    },
    { header: 'Assigned Agent', cell: (application) => application.assignedAgent || 'Not Assigned' },
    { header: 'Applied At', cell: (application) => formatDate(application.appliedAt) },
    {
      header: 'Payment',
      cell: (application) =>
        application.paymentStatus === 'paid' ? <span className="badge badge--success">Paid</span> : <span className="my-applications__muted">Unpaid</span>,
    },
    {
      header: 'Actions',
      kind: 'actions',
      cell: (application) => {
        const pay = application.paymentStatus !== 'paid' && mayPay(application) && actionable(application);
        const remove = application.status === 'pending' && actionable(application);
        if (!pay && !remove) return <span className="my-applications__muted">—</span>;
        return (
          <div className="row-actions">
            {pay && (
              <Link className="button button--small" to={`/dashboard/payment/${application.id}`} aria-label={`Pay for ${application.policyName}`}>
                Pay
              </Link>
            )}
            {remove && (
              <button
                type="button"
                className="button button--danger button--small"
                aria-label={`Delete application for ${application.policyName}`}
                onClick={() => askDelete(application)}
              >
                Delete
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
        showToast('info', 'Deletion saved', 'You are offline: the application will be deleted when you are back online.', 4000);
      } else if (outcome === 'slow') {
        showToast('info', 'Deletion saved', 'The connection is slow: the application will be deleted as soon as the server answers.', 4000);
      } else {
        applications.forget(id);
        showToast('success', 'Deleted!', 'Your application has been deleted.', 1500);
      }
    } catch (error) {
      if (isAlreadyGone(error)) {
        applications.forget(id);
        showToast('error', 'Application not found or already deleted');
      } else {
        showToast('error', 'Failed to delete application', messageOf(error, ''));
      }
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  }

  return (
    <section className="my-applications">
      <h1>My Policies</h1>
      {applications.status === 'loading' && <LoadingState>Loading your applications...</LoadingState>}
      {applications.status === 'error' && <ErrorState onRetry={applications.retry}>
          <strong>Not downloaded yet.</strong> Failed to fetch your applications.
        </ErrorState>}
      {applications.status === 'ready' && applications.data.length === 0 && (
        <div className="my-applications__empty">
          <EmptyState>No applications found.</EmptyState>
          <p>You have not applied for any policies yet.</p>
          <Link className="button" to="/all-policies">Browse Policies</Link>
        </div>
      )}
      {applications.status === 'ready' && applications.data.length > 0 && (
        <DataTable
          label="Your policy applications"
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
        confirmLabel="Yes, delete it!"
        busyLabel="Deleting..."
      >
        <p>Your application for {toDelete?.policyName} will be deleted. This cannot be undone.</p>
      </ConfirmDialog>
    </section>
  );
}
