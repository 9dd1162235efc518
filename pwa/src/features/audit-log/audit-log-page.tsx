/**
 * The audit log (admin): every decision (assign, reject, approve, payment, role change) with
 * who made it, what changed from what to what, and when; newest first, a page at a time.
 */
import { useState } from 'react';
import type { AuditRecord } from 'edge-api/src/db/audit-log.ts';
import { DataTable, type Column } from '../../components/data-table.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/states.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { answerOf, messageOf } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';
import { useRequest } from '../../lib/use-request.ts';
import './audit-log.css';
import { formatDateTime, formatNumber } from '../../lib/i18n/format.ts';
import { type MessageId, t } from '../../lib/i18n/runtime.ts';

interface AuditPage {
  items: AuditRecord[];
  nextCursor: string | null;
}

const pageSize = 25;

/** The recorded actions in words; an action not listed here shows as recorded. */
const actionWords: Record<string, MessageId> = {
  'application.create': 'audit.applicationCreate',
  'application.assign': 'audit.applicationAssign',
  'application.approve': 'audit.applicationApprove',
  'application.reject': 'audit.applicationReject',
  'application.delete': 'audit.applicationDelete',
  'application.pay': 'audit.applicationPay',
  'role.change': 'audit.roleChange',
  'agent_request.status': 'audit.agentRequestStatus',
  'agent_request.delete': 'audit.agentRequestDelete',
  'policy.create': 'audit.policyCreate',
  'policy.update': 'audit.policyUpdate',
  'policy.delete': 'audit.policyDelete',
  'blog.create': 'audit.blogCreate',
  'blog.update': 'audit.blogUpdate',
  'blog.delete': 'audit.blogDelete',
  // Insurance claims (issue 31).
  'claim.file': 'audit.claimFile',
  'claim.assign': 'audit.claimAssign',
  'claim.note': 'audit.claimNote',
  'claim.send-back': 'audit.claimSendBack',
  'claim.resubmit': 'audit.claimResubmit',
  'claim.approve': 'audit.claimApprove',
  'claim.reject': 'audit.claimReject',
  'claim.payout': 'audit.claimPayout',
};

async function fetchAuditPage(before: string | null, signal: AbortSignal): Promise<AuditPage> {
  const res = await api.audit.$get({ query: { limit: String(pageSize), ...(before ? { before } : {}) } }, { init: { signal } });
  return answerOf(res);
}

const columns = (): Column<AuditRecord>[] => [
  { header: t('audit.when'), cell: (record) => formatDateTime(record.at) },
  { header: t('audit.who'), cell: (record) => record.actorEmail ?? t('audit.system') },
  {
    header: t('audit.what'),
    cell: (record) => (
      <>
        {actionWords[record.action] ? t(actionWords[record.action]!) : record.action}
        <small className="data__detail audit-log__entity">{record.entity} {record.entityId}</small>
      </>
    ),
  },
  { header: t('audit.from'), cell: (record) => record.from ?? '—' },
  { header: t('audit.to'), cell: (record) => record.to ?? '—' },
];

export function AuditLogPage() {
  usePageTitle(t('title.auditLog'));
  // The cursors of the pages opened so far: the last one is the page shown (null = newest).
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const before = cursors.at(-1) ?? null;
  const page = useRequest((signal) => fetchAuditPage(before, signal), [before]);
  const pageNumber = cursors.length;

  return (
    <section>
      <h1>{t('audit.heading')}</h1>
      {page.status === 'loading' && <LoadingState>{t('audit.loading')}</LoadingState>}
      {page.status === 'error' && <ErrorState onRetry={page.reload}>{messageOf(page.error, t('audit.failed'))}</ErrorState>}
      {page.status === 'ready' && page.data.items.length === 0 && <EmptyState>{t('audit.none')}</EmptyState>}
      {page.status === 'ready' && page.data.items.length > 0 && (
        <DataTable
          label={t('audit.table')}
          caption={t('audit.caption', { page: formatNumber(pageNumber) })}
          columns={columns()}
          rows={page.data.items}
          rowKey={(record) => record.id}
        />
      )}
      <nav className="row-actions audit-log__pager" aria-label={t('audit.pages')}>
        <button
          type="button"
          className="button button--secondary"
          disabled={cursors.length === 1}
          onClick={() => setCursors(cursors.slice(0, -1))}
        >
          {t('audit.newer')}
        </button>
        <span aria-live="polite">Page {pageNumber}</span>
        <button
          type="button"
          className="button button--secondary"
          disabled={page.status !== 'ready' || !page.data.nextCursor}
          onClick={() => page.status === 'ready' && page.data.nextCursor && setCursors([...cursors, page.data.nextCursor])}
        >
          {t('audit.older')}
        </button>
      </nav>
    </section>
  );
}
