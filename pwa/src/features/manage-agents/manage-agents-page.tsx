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
import { statusLabel } from '../../components/status-label.ts';
import { districtLabel } from '../../components/district-label.ts';

const statusChoices = (): { value: RequestStatusFilter; label: string }[] => [
  { value: '', label: t('agents.allStatuses') },
  { value: 'pending', label: t('agents.pending') },
  { value: 'approved', label: t('agents.approvedStatus') },
  { value: 'disapproved', label: t('agents.disapprovedStatus') },
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
      showToast('success', status === 'approved' ? t('agents.approvedToast') : t('agents.disapprovedToast'), request.email);
    } catch (error) {
      showToast('error', t('agents.statusFailed'), messageOf(error, ''));
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
      showToast('success', t('agents.deletedToast'), email);
    } catch (error) {
      showToast('error', t('agents.deleteFailed'), messageOf(error, ''));
    } finally {
      setBusyId(null);
      setToDelete(null);
    }
  }

  // Name, e-mail and phone share one column so that the actions fit beside them at 1280 px.
  const columns: Column<AgentRequest>[] = [
    {
      header: t('agents.applicant'),
      kind: 'title',
      cell: (request) => (
        <>
          {request.name}
          <small className="data__detail">{request.email}</small>
          <small className="data__detail">{request.phone}</small>
        </>
      ),
    },
    { header: t('agents.nid'), cell: (request) => request.nid },
    { header: t('agents.district'), cell: (request) => districtLabel(request.district) },
    { header: t('agents.status'), cell: (request) => <span className={`badge badge--${tones[request.status] ?? 'info'}`}>{statusLabel(request.status)}</span> },
    { header: t('agents.requested'), cell: (request) => formatDate(request.createdAt) },
    {
      header: t('agents.actions'),
      kind: 'actions',
      cell: (request) => (
        <div className="row-actions">
          {request.status !== 'approved' && (
            <button
              type="button"
              className="button button--small"
              disabled={busyId === request.id}
              aria-label={t('agents.approveName', { name: request.name })}
              onClick={() => void decide(request, 'approved')}
            >
              {t('agents.approve')}
            </button>
          )}
          {request.status !== 'disapproved' && (
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={busyId === request.id}
              aria-label={t('agents.disapproveName', { name: request.name })}
              onClick={() => void decide(request, 'disapproved')}
            >
              {t('agents.disapprove')}
            </button>
          )}
          <button
            type="button"
            className="button button--danger button--small"
            disabled={busyId === request.id}
            aria-label={t('agents.deleteName', { name: request.name })}
            onClick={() => setToDelete(request)}
          >
            {t('agents.delete')}
          </button>
        </div>
      ),
    },
  ];

  return (
    <section>
      <h1>{t('agents.manageHeading')}</h1>
      <ListFilters
        label={t('agents.find')}
        idPrefix="agent-requests"
        placeholder={t('agents.findPlaceholder')}
        statusChoices={statusChoices()}
        filters={filters}
      />
      {requests.status === 'loading' && !shown && <LoadingState>{t('agents.loadingList')}</LoadingState>}
      {requests.status === 'error' && <ErrorState onRetry={requests.reload}>{t('agents.loadFailed')}</ErrorState>}
      {shown && shown.total === 0 && <EmptyState>{t('agents.noRequests')}</EmptyState>}
      {shown && shown.total > 0 && (
        <PagedTable label={t('agents.requestsTable')} navLabel={t('agents.requestsPages')}
          columns={columns} page={shown} rowKey={(request) => request.id} busy={requests.status === 'loading'} onPage={filters.setPage} />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        busy={busyId !== null}
        onCancel={() => setToDelete(null)}
        onConfirm={() => void confirmDelete()}
        confirmLabel={t('apps.confirmDelete')}
        busyLabel={t('apps.deleting')}
      >
        <p>{t('agents.willDelete', { name: toDelete?.name ?? '', email: toDelete?.email ?? '' })}</p>
      </ConfirmDialog>
    </section>
  );
}
