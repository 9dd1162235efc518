/**
 * Manage Agents (admin, spec section 2): the requests to become an agent. Approve unless
 * already approved, disapprove unless already disapproved, delete always (confirmed first).
 */
import { useState } from 'react';
import type { Column } from '../../components/data-table.tsx';
import { ListFilters, useListFilters } from '../../components/list-filters.tsx';
import { PagedTable } from '../../components/paged-table.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/states.tsx';
import { showToast } from '../../components/toast.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { messageOf } from '../../lib/api-error.ts';
import { usePagedRequest } from '../../lib/use-paged-request.ts';
import {
  deleteAgentRequest,
  fetchAgentRequests,
  setAgentRequestStatus,
  type AgentRequest,
  type RequestStatusFilter,
} from './agent-requests-api.ts';
import { formatDate } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/runtime.ts';

const statusChoices: { value: RequestStatusFilter; label: string }[] = [
  { value: '', label: 'All statuses' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'disapproved', label: 'Disapproved' },
];

const tones: Record<string, string> = { approved: 'success', pending: 'warn', disapproved: 'danger' };

export function ManageAgentsPage() {
  usePageTitle(t('title.manageAgents'));
  const filters = useListFilters<RequestStatusFilter>('');
  const { q, status, page } = filters;
  const requests = usePagedRequest((signal) => fetchAgentRequests({ q, status, page }, signal), [q, status, page]);
  const shown = requests.status === 'error' ? undefined : requests.shown;
  const [busyId, setBusyId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<AgentRequest | null>(null);

  async function decide(request: AgentRequest, status: 'approved' | 'disapproved') {
    setBusyId(request.id);
    try {
      await setAgentRequestStatus(request.id, status);
      requests.update((list) => ({ ...list, items: list.items.map((item) => (item.id === request.id ? { ...item, status } : item)) }));
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
      requests.update((list) => ({ ...list, total: list.total - 1, items: list.items.filter((item) => item.id !== id) }));
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
    { header: 'Requested', cell: (request) => formatDate(request.createdAt) },
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
      <ListFilters
        label="Find agent requests"
        idPrefix="agent-requests"
        placeholder="Name, email, phone or district"
        statusChoices={statusChoices}
        filters={filters}
      />
      {requests.status === 'loading' && !shown && <LoadingState>Loading agents...</LoadingState>}
      {requests.status === 'error' && <ErrorState onRetry={requests.reload}>Failed to load agents</ErrorState>}
      {shown && shown.total === 0 && <EmptyState>No agent requests yet.</EmptyState>}
      {shown && shown.total > 0 && (
        <PagedTable label="Requests to become an agent" navLabel="Agent requests pages"
          columns={columns} page={shown} rowKey={(request) => request.id} busy={requests.status === 'loading'} onPage={filters.setPage} />
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
