/**
 * Manage Applications (admin, spec section 2): the applications a page at a time, searched by
 * applicant, email or policy and filtered by status on the server; Assign opens one agent
 * picker (approved agents), Reject asks first, with the reason the customer reads. Both are disabled once the application is
 * rejected, approved or paid (decisions.md); the server refuses them too.
 */
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { useRejectReason } from '../../components/reject-reason-fields.tsx';
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
import { shownEmail } from '../../lib/shown-email.ts';
import { StatusBadge } from '../../components/status-badge.tsx';
import { shownPolicyName } from '../../components/policy-text.ts';

const paymentWords = () => ({ paid: t('apps.paid'), refunded: t('papers.refundedShort'), unpaid: t('apps.unpaid') });
import { PaymentBadge } from '../../components/payment-badge.tsx';

type Pending = { kind: 'assign'; application: Application } | { kind: 'reject'; application: Application };


const isSettled = (application: Application) => {
  const status = application.status.toLowerCase();
  // Paying never freezes the work (decisions.md, issue 26): only a decision does.
  return status === 'rejected' || status === 'approved';
};

const statusChoices = (): { value: StatusFilter; label: string }[] => [
  { value: '', label: t('manage.allStatuses') },
  { value: 'pending', label: t('manage.pending') },
  { value: 'assigned', label: t('manage.assigned') },
  { value: 'approved', label: t('manage.approved') },
  { value: 'rejected', label: t('manage.rejected') },
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
  const grounds = useRejectReason();

  const replaceRow = (row: Application) =>
    data.update((current) => ({ ...current, items: current.items.map((item) => (item.id === row.id ? row : item)) }));

  async function act(change: Pending, agentEmail?: string) {
    // A reject without a reason is refused in the dialog, which stays open.
    const reason = change.kind === 'reject' ? grounds.take() : null;
    if (change.kind === 'reject' && !reason) return;
    setBusy(true);
    try {
      if (change.kind === 'assign' && agentEmail) {
        const answer = await assignAgent(change.application.id, agentEmail);
        replaceRow(answer.application);
        showToast('success', t('manage.agentAssigned'), answer.message);
      } else if (reason) {
        const answer = await rejectApplication(change.application.id, reason);
        replaceRow(answer.application);
        showToast('success', t('manage.appRejected'), shownPolicyName(answer.application));
      }
    } catch (error) {
      showToast('error', change.kind === 'assign' ? t('manage.assignFailed') : t('manage.rejectFailed'), messageOf(error, ''));
      data.reload();
    } finally {
      setBusy(false);
      setPending(null);
    }
  }

  function askReject(application: Application) {
    grounds.reset();
    setPending({ kind: 'reject', application });
  }

  function askAssign(application: Application) {
    setWantAgents(true);
    setPending({ kind: 'assign', application });
  }

  // Applicant and e-mail share a column, as do status and payment, so that Assign and Reject
  // sit on screen at 1280 px without scrolling sideways.
  const columns: Column<Application>[] = [
    {
      header: t('manage.applicant'),
      kind: 'title',
      cell: (application) => (
        <>
          {application.name}
          <small className="data__detail">{shownEmail(application.email || application.userEmail) || application.phone}</small>
        </>
      ),
    },
    { header: t('manage.policy'), cell: (application) => shownPolicyName(application) },
    { header: t('manage.applied'), cell: (application) => formatDate(application.appliedAt) },
    {
      header: t('apps.status'),
      cell: (application) => (
        <span className="manage-applications__status">
          <StatusBadge status={application.status} />
          <PaymentBadge application={application} words={paymentWords()} />
        </span>
      ),
    },
    { header: t('manage.agent'), cell: (application) => application.assignedAgent ?? t('manage.notAssigned') },
    {
      header: t('apps.actions'),
      kind: 'actions',
      cell: (application) => (
        <div className="row-actions">
          <button
            type="button"
            className="button button--small"
            disabled={isSettled(application)}
            aria-label={t('manage.assignName', { name: application.name })}
            onClick={() => askAssign(application)}
          >
            {t('manage.assign')}
          </button>
          <button
            type="button"
            className="button button--danger button--small"
            disabled={isSettled(application)}
            aria-label={t('manage.rejectName', { name: application.name })}
            onClick={() => askReject(application)}
          >
            {t('manage.reject')}
          </button>
        </div>
      ),
    },
  ];

  const shown = data.status === 'error' ? undefined : data.shown;
  return (
    <section>
      <h1>{t('manage.heading')}</h1>
      <ListFilters label={t('manage.find')} idPrefix="applications" placeholder={t('manage.findPlaceholder')} statusChoices={statusChoices()} filters={filters} />
      {data.status === 'loading' && !shown && <LoadingState>{t('manage.loading')}</LoadingState>}
      {data.status === 'error' && <ErrorState onRetry={data.reload}>{messageOf(data.error, t('manage.failed'))}</ErrorState>}
      {shown && shown.total === 0 && <EmptyState>{t('manage.none')}</EmptyState>}
      {shown && shown.total > 0 && (
        <PagedTable label={t('manage.table')} navLabel={t('manage.pages')}
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
        confirmLabel={t('manage.confirmReject')}
        busyLabel={t('manage.working')}
      >
        {pending?.kind === 'reject' && (
          <>
            <p>{t('manage.rejectQuestion', { name: pending.application.name, policy: shownPolicyName(pending.application) })}</p>
            {grounds.fields}
          </>
        )}
      </ConfirmDialog>
    </section>
  );
}
