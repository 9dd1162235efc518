/**
 * Manage Applications (admin, spec section 2): the applications a page at a time, searched by
 * applicant, email or policy and filtered by status on the server; Assign opens one agent
 * picker (approved agents), Reject asks first. Both are disabled once the application is
 * rejected, approved or paid (decisions.md); the server refuses them too.
 */
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import type { Column } from '../../components/data-table.tsx';
import { ListFilters, useListFilters } from '../../components/list-filters.tsx';
import { PagedTable } from '../../components/paged-table.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/states.tsx';
import { showToast } from '../../components/toast.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { messageOf } from '../../lib/api-error.ts';
import { usePagedRequest } from '../../lib/use-paged-request.ts';
import { useRequest } from '../../lib/use-request.ts';
import { AgentPicker } from './agent-picker.tsx';
import {
  assignAgent,
  fetchAgents,
  fetchApplicationsPage,
  rejectApplication,
  type Application,
  type StatusFilter,
} from './manage-applications-api.ts';
import './manage-applications.css';
import { formatDate } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/runtime.ts';

type Pending = { kind: 'assign'; application: Application } | { kind: 'reject'; application: Application };

/** Admin/agent status colours (spec section 4): approved green, pending yellow, Assigned blue, other red. */
function AdminStatus({ status }: { status: string }) {
  const value = status.toLowerCase();
  const tone = value === 'approved' ? 'success' : value === 'pending' ? 'warn' : value === 'assigned' ? 'info' : 'danger';
  return <span className={`badge badge--${tone}`}>{value === 'assigned' ? 'Assigned' : status}</span>;
}

const isSettled = (application: Application) => {
  const status = application.status.toLowerCase();
  return status === 'rejected' || status === 'approved' || application.paymentStatus === 'paid';
};

const statusChoices: { value: StatusFilter; label: string }[] = [
  { value: '', label: 'All statuses' },
  { value: 'pending', label: 'Pending' },
  { value: 'assigned', label: 'Assigned' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

export function ManageApplicationsPage() {
  usePageTitle(t('title.manageApplications'));
  const filters = useListFilters<StatusFilter>('');
  const { q, status, page } = filters;
  const data = usePagedRequest((signal) => fetchApplicationsPage({ q, status, page }, signal), [q, status, page]);
  const [pending, setPending] = useState<Pending | null>(null);
  // The agents are asked for once, when an Assign first opens the picker.
  const [wantAgents, setWantAgents] = useState(false);
  const agents = useRequest((signal) => fetchAgents(signal), [], wantAgents);
  const [busy, setBusy] = useState(false);

  const replaceRow = (row: Application) =>
    data.update((current) => ({ ...current, items: current.items.map((item) => (item.id === row.id ? row : item)) }));

  async function act(change: Pending, agentEmail?: string) {
    setBusy(true);
    try {
      if (change.kind === 'assign' && agentEmail) {
        const answer = await assignAgent(change.application.id, agentEmail);
        replaceRow(answer.application);
        showToast('success', 'Agent assigned', answer.message);
      } else {
        const answer = await rejectApplication(change.application.id);
        replaceRow(answer.application);
        showToast('success', 'Application rejected', answer.application.policyName);
      }
    } catch (error) {
      showToast('error', change.kind === 'assign' ? 'Failed to assign agent.' : 'Failed to reject application.', messageOf(error, ''));
      data.reload();
    } finally {
      setBusy(false);
      setPending(null);
    }
  }

  function askAssign(application: Application) {
    setWantAgents(true);
    setPending({ kind: 'assign', application });
  }

  // Applicant and e-mail share a column, as do status and payment, so that Assign and Reject
  // sit on screen at 1280 px without scrolling sideways.
  const columns: Column<Application>[] = [
    {
      header: 'Applicant',
      kind: 'title',
      cell: (application) => (
        <>
          {application.name}
          <small className="data__detail">{application.email || application.userEmail}</small>
        </>
      ),
    },
    { header: 'Policy', cell: (application) => application.policyName },
    { header: 'Applied', cell: (application) => formatDate(application.appliedAt) },
    {
      header: 'Status',
      cell: (application) => (
        <span className="manage-applications__status">
          <AdminStatus status={application.status} />
          <span className={`badge badge--${application.paymentStatus === 'paid' ? 'success' : 'warn'}`}>
            {application.paymentStatus === 'paid' ? 'Paid' : 'Unpaid'}
          </span>
        </span>
      ),
    },
    { header: 'Agent', cell: (application) => application.assignedAgent ?? 'Not assigned' },
    {
      header: 'Actions',
      kind: 'actions',
      cell: (application) => (
        <div className="row-actions">
          <button
            type="button"
            className="button button--small"
            disabled={isSettled(application)}
            aria-label={`Assign ${application.name}'s application`}
            onClick={() => askAssign(application)}
          >
            Assign
          </button>
          <button
            type="button"
            className="button button--danger button--small"
            disabled={isSettled(application)}
            aria-label={`Reject ${application.name}'s application`}
            onClick={() => setPending({ kind: 'reject', application })}
          >
            Reject
          </button>
        </div>
      ),
    },
  ];

  const shown = data.status === 'error' ? undefined : data.shown;
  return (
    <section>
      <h1>Manage Applications</h1>
      <ListFilters label="Find applications" idPrefix="applications" placeholder="Applicant, email or policy" statusChoices={statusChoices} filters={filters} />
      {data.status === 'loading' && !shown && <LoadingState>Loading applications...</LoadingState>}
      {data.status === 'error' && <ErrorState onRetry={data.reload}>{messageOf(data.error, 'Failed to load applications.')}</ErrorState>}
      {shown && shown.total === 0 && <EmptyState>No applications found.</EmptyState>}
      {shown && shown.total > 0 && (
        <PagedTable label="All policy applications" navLabel="Applications pages"
          columns={columns} page={shown} rowKey={(application) => application.id} busy={data.status === 'loading'} onPage={filters.setPage} />
      )}
      {pending?.kind === 'assign' && (
        <AgentPicker
          application={pending.application}
          agents={agents.status === 'ready' ? agents.data : undefined}
          agentsError={agents.status === 'error'}
          busy={busy}
          onCancel={() => setPending(null)}
          onAssign={(agentEmail) => void act(pending, agentEmail)}
        />
      )}
      <ConfirmDialog
        open={pending?.kind === 'reject'}
        busy={busy}
        onCancel={() => setPending(null)}
        onConfirm={() => pending && void act(pending)}
        confirmLabel="Yes, reject it!"
        busyLabel="Working..."
      >
        {pending?.kind === 'reject' && (
          <p>Reject {pending.application.name}'s application for {pending.application.policyName}? This cannot be undone.</p>
        )}
      </ConfirmDialog>
    </section>
  );
}
