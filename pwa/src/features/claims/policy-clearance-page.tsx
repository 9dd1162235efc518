/**
 * Policy Claims Clearance (agent, spec section 2): the applications assigned to me that wait
 * for a decision; details in a dialog with Approve and Reject (Reject confirmed first). A
 * decided claim leaves the list.
 */
import { useState } from 'react';
import { DataTable, type Column } from '../../components/data-table.tsx';
import { PageNav } from '../../components/page-nav.tsx';
import { Dialog } from '../../components/dialog.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/states.tsx';
import { useMoneyFont } from '../../components/use-money-font.ts';
import { usePageTitle } from '../../components/use-page-title.ts';
import { messageOf } from '../../lib/api-error.ts';
import type { Application } from '../../lib/local-db.ts';
import { pendingLabel } from '../../lib/outbox-overlay.ts';
import { usePageOf } from '../../lib/use-page-of.ts';
import { useSession } from '../../lib/use-session.ts';
import { ClaimDetailsDialog } from './claim-details-dialog.tsx';
import { ClaimStatus, formatDate } from './claim-status.tsx';
import { decideClaim, type ClaimDecision } from './decide-claim.ts';
import { isOpenClaim, useAssignedApplications } from './use-assigned-applications.ts';
import './claims.css';
import { t } from '../../lib/i18n/runtime.ts';

interface Outcome {
  title: 'Approved!' | 'Rejected!' | 'Error!' | 'Waiting to send';
  text: string;
}

const invalidFormat = 'Invalid data format received from server';

function columns(viewDetails: (claim: Application) => void): Column<Application>[] {
  return [
    { header: 'Applicant', kind: 'title', cell: (claim) => claim.name },
    { header: 'Email', cell: (claim) => claim.email || claim.userEmail },
    { header: 'Policy Type', cell: (claim) => claim.category ?? claim.policyType ?? 'N/A' },
    { header: 'Applied Date', cell: (claim) => formatDate(claim.appliedAt) },
    {
      header: 'Status',
      cell: (claim) => (
        <>
          <ClaimStatus status={claim.status} />
          {pendingLabel(claim) && (
            <span className="badge badge--info claims__waiting">
              {claim.pending?.decision === 'rejected' ? 'Rejected' : 'Approved'}: {pendingLabel(claim)}
            </span>
          )}
        </>
      ),
    },
    {
      header: 'Actions',
      kind: 'actions',
      cell: (claim) => (
        <button
          type="button"
          className="button button--small"
          disabled={claim.pending !== undefined}
          aria-label={`View Details of ${claim.name}'s claim`}
          onClick={() => viewDetails(claim)}
        >
          View Details
        </button>
      ),
    },
  ];
}

export function PolicyClearancePage() {
  usePageTitle(t('title.clearance'));
  useMoneyFont();
  const { user } = useSession();
  const claims = useAssignedApplications(user?.email ?? '');
  const [selected, setSelected] = useState<Application | null>(null);
  const [confirmingReject, setConfirmingReject] = useState(false);
  const [busy, setBusy] = useState<ClaimDecision | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  async function decide(claim: Application, decision: ClaimDecision) {
    setBusy(decision);
    try {
      const answer = await decideClaim(claim.id, decision);
      claims.replace(answer.application);
      setSelected(null);
      setOutcome(
        answer.queued
          ? answer.slow
            ? { title: 'Waiting to send', text: 'The connection is slow: your decision is saved on this device and will be sent as soon as the server answers.' }
            : { title: 'Waiting to send', text: 'You are offline: your decision is saved on this device and will be sent when you are back online.' }
          : decision === 'approved'
            ? { title: 'Approved!', text: 'Policy claim approved successfully.' }
            : { title: 'Rejected!', text: 'Policy claim rejected.' },
      );
    } catch (error) {
      setOutcome({ title: 'Error!', text: messageOf(error, decision === 'approved' ? 'Failed to approve claim' : 'Failed to reject claim') });
    } finally {
      setBusy(null);
      setConfirmingReject(false);
    }
  }

  const open = claims.status === 'ready' ? claims.data.filter(isOpenClaim) : [];
  const shown = usePageOf(open);

  return (
    <section className="claims">
      <h1>Policy Claims Clearance</h1>
      {claims.status === 'loading' && <LoadingState>Loading policy claims...</LoadingState>}
      {claims.status === 'error' && (
        <ErrorState onRetry={claims.retry}>
          <strong>Not downloaded yet.</strong>{' '}
          {claims.error instanceof Error && claims.error.message === invalidFormat
            ? invalidFormat
            : 'Failed to load policy claims. Please try again later.'}
        </ErrorState>
      )}
      {claims.status === 'ready' && open.length === 0 && <EmptyState>No pending policy claims for clearance.</EmptyState>}
      {open.length > 0 && (
        <>
          <DataTable label="Policy claims waiting for your decision" columns={columns(setSelected)} rows={shown.items} rowKey={(claim) => claim.id} />
          <PageNav label="Policy claims pages" page={shown.page} pageSize={shown.pageSize} total={shown.total} onPage={shown.setPage} onlyWhenPaged />
        </>
      )}

      {selected && (
        <ClaimDetailsDialog
          claim={selected}
          busy={busy}
          onClose={() => busy === null && setSelected(null)}
          onApprove={() => void decide(selected, 'approved')}
          onReject={() => setConfirmingReject(true)}
        />
      )}

      <Dialog
        open={confirmingReject && selected !== null}
        title="Are you sure?"
        onClose={() => busy === null && setConfirmingReject(false)}
        actions={
          <>
            <button type="button" className="button button--secondary" disabled={busy !== null} onClick={() => setConfirmingReject(false)}>
              Cancel
            </button>
            <button type="button" className="button button--danger" disabled={busy !== null} onClick={() => selected && void decide(selected, 'rejected')}>
              {busy === 'rejected' ? 'Rejecting...' : 'Yes, reject it!'}
            </button>
          </>
        }
      >
        <p>Rejecting this claim cannot be undone.</p>
      </Dialog>

      <Dialog
        open={outcome !== null}
        title={outcome?.title ?? ''}
        onClose={() => setOutcome(null)}
        className={outcome?.title === 'Error!' ? 'dialog--error' : 'dialog--success'}
        actions={
          <button type="button" className="button" onClick={() => setOutcome(null)}>OK</button>
        }
      >
        <p role={outcome?.title === 'Error!' ? 'alert' : 'status'}>{outcome?.text}</p>
      </Dialog>
    </section>
  );
}
