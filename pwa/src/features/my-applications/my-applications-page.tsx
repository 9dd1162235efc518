/**
 * My Applications ('My Policies', spec section 2): the user's own applications with their
 * status, agent and payment; Pay while unpaid and not rejected, delete while pending.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { DataTable } from '../../components/data-table.tsx';
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

export function MyApplicationsPage() {
  usePageTitle('My Policies');
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
      {applications.status === 'error' && <ErrorState onRetry={applications.retry}>Failed to fetch your applications.</ErrorState>}
      {applications.status === 'ready' && applications.data.length === 0 && (
        <div className="my-applications__empty">
          <EmptyState>No applications found.</EmptyState>
          <p>You have not applied for any policies yet.</p>
          <Link className="button" to="/all-policies">Browse Policies</Link>
        </div>
      )}
      {applications.status === 'ready' && applications.data.length > 0 && (
        <DataTable label="Your policy applications" columns={['Policy Name', 'Status', 'Assigned Agent', 'Applied At', 'Payment', 'Actions']}>
          {applications.data.map((application) => {
            // A change still in the outbox: shown as waiting, with no further actions yet.
            const waiting = pendingLabel(application);
            const onServer = !isLocalApplication(application.id);
            return (
            <tr key={application.id}>
              <td>
                {onServer ? (
                  <Link to={`/dashboard/applications/${application.id}`}>{application.policyName}</Link>
                ) : (
                  application.policyName
                )}
              </td>
              <td>
                <ApplicationStatus status={application.status} />
                {waiting && <span className="badge badge--info my-applications__waiting">{waiting}</span>}
              </td>
              <td>{application.assignedAgent || 'Not Assigned'}</td>
              <td>{formatDate(application.appliedAt)}</td>
              <td>
                {application.paymentStatus === 'paid' ? (
                  <span className="badge badge--success">Paid</span>
                ) : mayPay(application) && onServer && !waiting ? (
                  <Link className="button button--small" to={`/dashboard/payment/${application.id}`} aria-label={`Pay for ${application.policyName}`}>
                    Pay
                  </Link>
                ) : (
                  <span className="my-applications__muted">Unpaid</span>
                )}
              </td>
              <td>
                {application.status === 'pending' && onServer && !waiting ? (
                  <button
                    type="button"
                    className="button button--danger button--small"
                    aria-label={`Delete application for ${application.policyName}`}
                    onClick={() => setToDelete(application)}
                  >
                    Delete
                  </button>
                ) : (
                  <span className="my-applications__muted">—</span>
                )}
              </td>
            </tr>
            );
          })}
        </DataTable>
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
