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
import { useChosenDocuments } from '../../components/use-chosen-documents.ts';
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
import { RejectClaimDialog } from './reject-claim-dialog.tsx';
import type { RejectionGrounds } from './queue-decision.ts';
import { isOpenClaim, useAssignedApplications } from './use-assigned-applications.ts';
import './claims.css';
import { t } from '../../lib/i18n/runtime.ts';
import { categoryLabel } from '../../components/category-label.ts';

interface Outcome {
  title: string;
  text: string;
  error?: boolean;
}

// The API client's words for a malformed answer (use-assigned-applications.ts), shown translated.
const invalidFormat = 'Invalid data format received from server';

function columns(viewDetails: (claim: Application) => void): Column<Application>[] {
  return [
    { header: t('claim.applicant'), kind: 'title', cell: (claim) => claim.name },
    { header: t('app.email'), cell: (claim) => claim.email || claim.userEmail },
    { header: t('app.policyType'), cell: (claim) => categoryLabel(claim.category ?? claim.policyType ?? t('common.na')) },
    { header: t('claim.appliedDate'), cell: (claim) => formatDate(claim.appliedAt) },
    {
      header: t('apps.status'),
      cell: (claim) => (
        <>
          <ClaimStatus status={claim.status} />
          {pendingLabel(claim) && (
            <span className="badge badge--info claims__waiting">
              {claim.pending?.decision === 'rejected' ? t('apps.rejected') : t('apps.approved')}: {pendingLabel(claim)}
            </span>
          )}
        </>
      ),
    },
    {
      header: t('apps.actions'),
      kind: 'actions',
      cell: (claim) => (
        <button
          type="button"
          className="button button--small"
          disabled={claim.pending !== undefined}
          aria-label={t('claim.viewDetailsOf', { name: claim.name })}
          onClick={() => viewDetails(claim)}
        >
          {t('claim.viewDetails')}
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
  // Photos and a note for the decision (issue 27), fresh for each claim opened.
  const evidencePhotos = useChosenDocuments();
  const [evidenceNote, setEvidenceNote] = useState('');
  const forgetEvidence = () => {
    evidencePhotos.change(() => []);
    setEvidenceNote('');
  };

  async function decide(claim: Application, decision: ClaimDecision, grounds: RejectionGrounds = {}) {
    setBusy(decision);
    try {
      // Every photo chosen before the tap, one still being prepared too (issue 47).
      const photos = await evidencePhotos.whenPrepared();
      const answer = await decideClaim(claim.id, decision, grounds, { documents: photos, note: evidenceNote });
      evidencePhotos.forget(photos);
      setEvidenceNote('');
      claims.replace(answer.application);
      setSelected(null);
      setOutcome(
        answer.queued
          ? answer.slow
            ? { title: t('claim.waitingToSend'), text: t('claim.savedSlow') }
            : { title: t('claim.waitingToSend'), text: t('claim.savedOffline') }
          : decision === 'approved'
            ? { title: t('claim.approved'), text: t('claim.approvedText') }
            : { title: t('claim.rejected'), text: t('claim.rejectedText') },
      );
    } catch (error) {
      setOutcome({ title: t('claim.error'), error: true, text: messageOf(error, decision === 'approved' ? t('claim.approveFailed') : t('claim.rejectFailed')) });
    } finally {
      setBusy(null);
      setConfirmingReject(false);
    }
  }

  const open = claims.status === 'ready' ? claims.data.filter(isOpenClaim) : [];
  const shown = usePageOf(open);

  return (
    <section className="claims">
      <h1>{t('claim.heading')}</h1>
      {claims.status === 'loading' && <LoadingState>{t('claim.loading')}</LoadingState>}
      {claims.status === 'error' && (
        <ErrorState onRetry={claims.retry}>
          <strong>{t('apps.notDownloaded')}</strong>{' '}
          {claims.error instanceof Error && claims.error.message === invalidFormat
            ? t('claim.invalidFormat')
            : t('agentDash.failed')}
        </ErrorState>
      )}
      {claims.status === 'ready' && open.length === 0 && <EmptyState>{t('claim.none')}</EmptyState>}
      {open.length > 0 && (
        <>
          <DataTable label={t('claim.tableLabel')} columns={columns((claim) => {
            forgetEvidence();
            setSelected(claim);
          })} rows={shown.items} rowKey={(claim) => claim.id} />
          <PageNav label={t('claim.pagesLabel')} page={shown.page} pageSize={shown.pageSize} total={shown.total} onPage={shown.setPage} onlyWhenPaged />
        </>
      )}

      {selected && (
        <ClaimDetailsDialog
          claim={selected}
          busy={busy}
          onClose={() => busy === null && setSelected(null)}
          onApprove={() => void decide(selected, 'approved')}
          onReject={() => setConfirmingReject(true)}
          evidence={{ photos: evidencePhotos, note: evidenceNote, onNote: setEvidenceNote }}
        />
      )}

      {confirmingReject && selected !== null && (
        <RejectClaimDialog
          open
          busy={busy !== null}
          onCancel={() => setConfirmingReject(false)}
          onReject={(grounds) => void decide(selected, 'rejected', grounds)}
        />
      )}

      <Dialog
        open={outcome !== null}
        title={outcome?.title ?? ''}
        onClose={() => setOutcome(null)}
        className={outcome?.error ? 'dialog--error' : 'dialog--success'}
        actions={
          <button type="button" className="button" onClick={() => setOutcome(null)}>{t('claim.ok')}</button>
        }
      >
        <p role={outcome?.error ? 'alert' : 'status'}>{outcome?.text}</p>
      </Dialog>
    </section>
  );
}
