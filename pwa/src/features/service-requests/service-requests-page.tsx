/**
 * Service requests (issue 51), one screen for every role, a page at a time from the server:
 * - the holder sees their own; with a policy (/dashboard/policies/:id/history) it is that
 *   policy's history: who asked for what, who decided, when and why;
 * - the assigned agent sees those on their policies, an admin all of them, the longest waiting
 *   first, flagged when past the service standard, each with Approve / Refuse and a reason.
 * Deciding needs the network: a decision changes the certificate, which is the server's to issue.
 */
import { useId, useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import type { ServiceRequestListItem } from 'edge-api/src/commands/service-requests.ts';
import type { Column } from '../../components/data-table.tsx';
import { PagedTable } from '../../components/paged-table.tsx';
import { relationshipLabel } from '../../components/applicant-labels.ts';
import { EmptyState, ErrorState, LoadingState } from '../../components/states.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { answerOf, messageOf } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';
import { formatDateTime } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { usePagedRequest } from '../../lib/use-paged-request.ts';
import { useSession } from '../../lib/use-session.ts';
import { useOnline } from '../../lib/use-online.ts';
import { kindLabel } from './kind-label.ts';
import { requestsOnDevice } from './local-service-requests.ts';
import { NomineeNidPhoto } from './nominee-nid-photo.tsx';
import { formatDay, modeLabel } from '../../lib/premiums/premium-labels.tsx';
import type { PremiumMode } from 'edge-api/src/schemas/premium-schedule.ts';

const pageSize = 20;

/** From the server when online; offline, from the device's copy the sync pull keeps. */
async function fetchRequests(page: number, applicationId: string | undefined, signal: AbortSignal) {
  if (!navigator.onLine) return requestsOnDevice(page, pageSize, applicationId);
  const query = { page: String(page), pageSize: String(pageSize), ...(applicationId ? { applicationId } : {}) };
  return answerOf(await api['service-requests'].$get({ query }, { init: { signal } }));
}

const statusLabel = (status: string) => (status === 'approved' ? t('service.approved') : status === 'refused' ? t('service.refused') : t('service.pending'));

/** The asked change in words, with what it replaced once approved. */
function ChangeText({ row }: { row: ServiceRequestListItem }) {
  const changes = row.changes as Record<string, string | null>;
  const previous = row.previous as Record<string, string | null> | null;
  if (row.kind === 'nominee') {
    return (
      <>
        {t('service.nomineeTo', { name: changes.nomineeName ?? '', relationship: relationshipLabel(changes.relationship ?? '') })}
        {previous && <small className="data__detail">{t('service.was', { value: previous.nomineeName ?? '' })}</small>}
        <NomineeNidPhoto applicationId={row.applicationId} photo={row.nomineeNidPhoto} />
      </>
    );
  }
  if (row.kind === 'contact') {
    return (
      <>
        {[changes.address, changes.phone].filter(Boolean).join(', ')}
        {previous && <small className="data__detail">{t('service.was', { value: [previous.address, previous.phone].filter(Boolean).join(', ') })}</small>}
      </>
    );
  }
  if (row.kind === 'premium_mode') {
    return (
      <>
        {modeLabel(changes.mode as PremiumMode)}
        {previous && <small className="data__detail">{t('service.modeFrom', { day: formatDay(previous.from ?? ''), value: modeLabel(previous.mode as PremiumMode) })}</small>}
      </>
    );
  }
  return <>{kindLabel(row.kind)}</>;
}

function DecisionForm({ row, onDecided }: { row: ServiceRequestListItem; onDecided: () => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function decide(status: 'approved' | 'refused', event?: FormEvent) {
    event?.preventDefault();
    if (!reason.trim()) {
      setError(t('service.reasonRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await answerOf(await api['service-requests'][':id'].decision.$post({ param: { id: row.id }, json: { status, reason } }));
      onDecided();
    } catch (failure) {
      setError(messageOf(failure, t('service.decideFailed')));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="service-decision" onSubmit={(event) => void decide('approved', event)}>
      <label htmlFor={`${id}-reason`}>{t('service.reason')}</label>
      <input id={`${id}-reason`} value={reason} onChange={(event) => setReason(event.target.value)} aria-invalid={error ? true : undefined} />
      {error && <p role="alert">{error}</p>}
      <span className="row-actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {t('service.approve')}
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => void decide('refused')}>
          {t('service.refuse')}
        </button>
      </span>
    </form>
  );
}

export function ServiceRequestsPage() {
  const { id: applicationId } = useParams();
  const { user } = useSession();
  const staff = user?.role === 'agent' || user?.role === 'admin';
  const heading = applicationId ? t('service.historyHeading') : staff ? t('service.staffHeading') : t('service.myHeading');
  usePageTitle(heading);
  const [page, setPage] = useState(1);
  const online = useOnline();
  const list = usePagedRequest((signal) => fetchRequests(page, applicationId, signal), [page, applicationId, online]);

  const columns: Column<ServiceRequestListItem>[] = [
    {
      header: t('service.policy'),
      kind: 'title',
      cell: (row) => (
        <>
          {row.policyNumber ?? row.policyName} <small className="data__detail">{row.holder}</small>
        </>
      ),
    },
    { header: t('service.kind'), cell: (row) => kindLabel(row.kind) },
    { header: t('service.change'), cell: (row) => <ChangeText row={row} /> },
    { header: t('service.asked'), cell: (row) => formatDateTime(row.createdAt) },
    {
      header: t('service.status'),
      cell: (row) => (
        <>
          <span className={`badge${row.overdue ? ' badge--warn' : ''}`}>{row.overdue ? t('service.overdue') : statusLabel(row.status)}</span>
          {row.decidedAt && (
            <small className="data__detail">
              {t('service.decidedBy', { who: row.decidedBy ?? '', when: formatDateTime(row.decidedAt) })} {row.reason}
            </small>
          )}
        </>
      ),
    },
  ];
  if (staff) {
    columns.push({
      header: t('service.decide'),
      kind: 'actions',
      cell: (row) => (row.status === 'pending' ? <DecisionForm row={row} onDecided={list.reload} /> : null),
    });
  }

  return (
    <section>
      <h1>{heading}</h1>
      {list.status === 'error' && !list.shown && <ErrorState onRetry={list.reload}>{messageOf(list.error, t('service.listFailed'))}</ErrorState>}
      {!list.shown && list.status === 'loading' && <LoadingState>{t('service.loading')}</LoadingState>}
      {list.shown && list.shown.total === 0 && <EmptyState>{t('service.none')}</EmptyState>}
      {list.shown && list.shown.total > 0 && (
        <PagedTable
          label={heading}
          navLabel={t('service.pages')}
          columns={columns}
          page={list.shown}
          rowKey={(row) => row.id}
          busy={list.status === 'loading'}
          onPage={setPage}
        />
      )}
    </section>
  );
}
