/**
 * Manage Agents (admin, spec section 2): the requests to become an agent. Approve unless
 * already approved, disapprove unless already disapproved, delete always (confirmed first).
 */
import { useState } from 'react';
import { DataTable, type Column } from '../../components/data-table.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/states.tsx';
import { showToast } from '../../components/toast.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { messageOf } from '../../lib/api-error.ts';
import { useRequest } from '../../lib/use-request.ts';
import { deleteAgentRequest, fetchAgentRequests, setAgentRequestStatus, type AgentRequest } from './agent-requests-api.ts';

const tones: Record<string, string> = { approved: 'success', pending: 'warn', disapproved: 'danger' };

export function ManageAgentsPage() {
  usePageTitle('Manage Agents');
  const requests = useRequest((signal) => fetchAgentRequests(signal), []);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<AgentRequest | null>(null);

  async function decide(request: AgentRequest, status: 'approved' | 'disapproved') {
    setBusyId(request.id);
    try {
      await setAgentRequestStatus(request.id, status);
      requests.update((list) => list.map((item) => (item.id === request.id ? { ...item, status } : item)));
      showToast('success', status === 'approved' ? 'Agent approved' : 'Agent disapproved', request.email);
    } catch (error) {
      showToast('error', 'Failed to update agent status', messageOf(error, ''));
      requests.reload();
    } finally {
      setBusyId(null);
    }
  }

  async function confirmDelete() {
    if (!toDelete) return;
    const { id, email } = toDelete;
    setBusyId(id);
    try {
      await deleteAgentRequest(id);
      requests.update((list) => list.filter((item) => item.id !== id));
      showToast('success', 'Agent request deleted', email);
    } catch (error) {
      showToast('error', 'Failed to delete agent', messageOf(error, ''));
    } finally {
      setBusyId(null);
      setToDelete(null);
    }
  }

  // Name, e-mail and phone share one column so that the actions fit beside them at 1280 px.
  const columns: Column<AgentRequest>[] = [
    {
      header: 'Applicant',
      kind: 'title',
      cell: (request) => (
        <>
          {request.name}
          <small className="data__detail">{request.email}</small>
          <small className="data__detail">{request.phone}</small>
        </>
      ),
    },
    { header: 'NID', cell: (request) => request.nid },
    { header: 'District', cell: (request) => request.district },
    { header: 'Status', cell: (request) => <span className={`badge badge--${tones[request.status] ?? 'info'}`}>{request.status}</span> },
    { header: 'Requested', cell: (request) => new Date(request.createdAt).toLocaleDateString() },
    {
      header: 'Actions',
      kind: 'actions',
      cell: (request) => (
        <div className="row-actions">
          {request.status !== 'approved' && (
            <button
              type="button"
              className="button button--small"
              disabled={busyId === request.id}
              aria-label={`Approve ${request.name}`}
              onClick={() => void decide(request, 'approved')}
            >
              Approve
            </button>
          )}
          {request.status !== 'disapproved' && (
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={busyId === request.id}
              aria-label={`Disapprove ${request.name}`}
              onClick={() => void decide(request, 'disapproved')}
            >
              Disapprove
            </button>
          )}
          <button
            type="button"
            className="button button--danger button--small"
            disabled={busyId === request.id}
            aria-label={`Delete ${request.name}`}
            onClick={() => setToDelete(request)}
          >
            Delete
          </button>
        </div>
      ),
    },
  ];

  return (
    <section>
      <h1>Manage Agents</h1>
      {requests.status === 'loading' && <LoadingState>Loading agents...</LoadingState>}
      {requests.status === 'error' && <ErrorState onRetry={requests.reload}>Failed to load agents</ErrorState>}
      {requests.status === 'ready' && requests.data.length === 0 && <EmptyState>No agent requests yet.</EmptyState>}
      {requests.status === 'ready' && requests.data.length > 0 && (
        <DataTable label="Requests to become an agent" columns={columns} rows={requests.data} rowKey={(request) => request.id} />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        busy={busyId !== null}
        onCancel={() => setToDelete(null)}
        onConfirm={() => void confirmDelete()}
        confirmLabel="Yes, delete it!"
        busyLabel="Deleting..."
      >
        <p>The agent request of {toDelete?.name} ({toDelete?.email}) will be deleted.</p>
      </ConfirmDialog>
    </section>
  );
}
