/**
 * Manage Applications (admin, spec section 2): every application, with an approved agent to
 * pick, Assign (confirmed) and Reject (confirmed). Both are disabled once the application is
 * rejected, approved or paid (decisions.md); the server refuses them too.
 */
import { useState } from 'react';
import { DataTable, type Column } from '../../components/data-table.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/states.tsx';
import { showToast } from '../../components/toast.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { messageOf } from '../../lib/api-error.ts';
import { useRequest } from '../../lib/use-request.ts';
import { assignAgent, fetchApplicationsAndAgents, rejectApplication, type Application } from './manage-applications-api.ts';
import './manage-applications.css';

type Pending = { kind: 'assign'; application: Application; agentEmail: string } | { kind: 'reject'; application: Application };

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

export function ManageApplicationsPage() {
  usePageTitle('Manage Applications');
  const data = useRequest((signal) => fetchApplicationsAndAgents(signal), []);
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);

  const replaceRow = (row: Application) =>
    data.update((current) => ({ ...current, applications: current.applications.map((item) => (item.id === row.id ? row : item)) }));

  function askAssign(application: Application) {
    const agentEmail = chosen[application.id] ?? application.assignedAgent ?? '';
    if (!agentEmail) {
      setRowErrors({ ...rowErrors, [application.id]: 'Please select an agent first.' });
      return;
    }
    setRowErrors({ ...rowErrors, [application.id]: '' });
    setPending({ kind: 'assign', application, agentEmail });
  }

  async function confirm() {
    if (!pending) return;
    setBusy(true);
    try {
      if (pending.kind === 'assign') {
        const answer = await assignAgent(pending.application.id, pending.agentEmail);
        replaceRow(answer.application);
        showToast('success', 'Agent assigned', answer.message);
      } else {
        const answer = await rejectApplication(pending.application.id);
        replaceRow(answer.application);
        showToast('success', 'Application rejected', answer.application.policyName);
      }
    } catch (error) {
      showToast('error', pending.kind === 'assign' ? 'Failed to assign agent.' : 'Failed to reject application.', messageOf(error, ''));
      data.reload();
    } finally {
      setBusy(false);
      setPending(null);
    }
  }

  const agents = data.status === 'ready' ? data.data.agents : [];
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
    { header: 'Applied', cell: (application) => new Date(application.appliedAt).toLocaleDateString() },
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
    {
      header: 'Agent',
      cell: (application) => {
        const selectId = `agent-for-${application.id}`;
        const error = rowErrors[application.id];
        return (
          <div>
            <label className="visually-hidden" htmlFor={selectId}>Agent for {application.name}'s application</label>
            <select
              id={selectId}
              className="manage-applications__select"
              disabled={isSettled(application)}
              value={chosen[application.id] ?? application.assignedAgent ?? ''}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${selectId}-error` : undefined}
              onChange={(event) => setChosen({ ...chosen, [application.id]: event.target.value })}
            >
              <option value="">Select an agent</option>
              {agents.map((agent) => (
                <option key={agent.id} value={agent.email}>{agent.name} ({agent.email})</option>
              ))}
            </select>
            {error && <p className="field__error" id={`${selectId}-error`} role="alert">{error}</p>}
          </div>
        );
      },
    },
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

  return (
    <section>
      <h1>Manage Applications</h1>
      {data.status === 'loading' && <LoadingState>Loading applications...</LoadingState>}
      {data.status === 'error' && <ErrorState onRetry={data.reload}>{messageOf(data.error, 'Failed to load applications.')}</ErrorState>}
      {data.status === 'ready' && data.data.applications.length === 0 && <EmptyState>No applications found.</EmptyState>}
      {data.status === 'ready' && data.data.applications.length > 0 && (
        <DataTable label="All policy applications" columns={columns} rows={data.data.applications} rowKey={(application) => application.id} />
      )}
      <ConfirmDialog
        open={pending !== null}
        busy={busy}
        onCancel={() => setPending(null)}
        onConfirm={() => void confirm()}
        confirmLabel={pending?.kind === 'reject' ? 'Yes, reject it!' : 'Yes, assign!'}
        busyLabel="Working..."
        danger={pending?.kind === 'reject'}
      >
        {pending?.kind === 'assign' && (
          <p>Assign {pending.agentEmail} to {pending.application.name}'s application for {pending.application.policyName}?</p>
        )}
        {pending?.kind === 'reject' && (
          <p>Reject {pending.application.name}'s application for {pending.application.policyName}? This cannot be undone.</p>
        )}
      </ConfirmDialog>
    </section>
  );
}
