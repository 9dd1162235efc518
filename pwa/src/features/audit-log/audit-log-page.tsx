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
import { formatDateTime } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/runtime.ts';

interface AuditPage {
  items: AuditRecord[];
  nextCursor: string | null;
}

const pageSize = 25;

/** The recorded actions in words; an action not listed here shows as recorded. */
const actionWords: Record<string, string> = {
  'application.create': 'Application submitted',
  'application.assign': 'Agent assigned',
  'application.approve': 'Claim approved',
  'application.reject': 'Application rejected',
  'application.delete': 'Application deleted',
  'application.pay': 'Application paid',
  'role.change': 'Role changed',
  'agent_request.status': 'Agent request decided',
  'agent_request.delete': 'Agent request deleted',
  'policy.create': 'Policy added',
  'policy.update': 'Policy updated',
  'policy.delete': 'Policy deleted',
  'blog.create': 'Blog published',
  'blog.update': 'Blog updated',
  'blog.delete': 'Blog deleted',
};

async function fetchAuditPage(before: string | null, signal: AbortSignal): Promise<AuditPage> {
  const res = await api.audit.$get({ query: { limit: String(pageSize), ...(before ? { before } : {}) } }, { init: { signal } });
  return answerOf(res);
}

const columns: Column<AuditRecord>[] = [
  { header: 'When', cell: (record) => formatDateTime(record.at) },
  { header: 'Who', cell: (record) => record.actorEmail ?? 'System' },
  {
    header: 'What',
    cell: (record) => (
      <>
        {actionWords[record.action] ?? record.action}
        <small className="data__detail audit-log__entity">{record.entity} {record.entityId}</small>
      </>
    ),
  },
  { header: 'From', cell: (record) => record.from ?? '—' },
  { header: 'To', cell: (record) => record.to ?? '—' },
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
      <h1>Audit Log</h1>
      {page.status === 'loading' && <LoadingState>Loading the audit log...</LoadingState>}
      {page.status === 'error' && <ErrorState onRetry={page.reload}>{messageOf(page.error, 'Failed to load the audit log.')}</ErrorState>}
      {page.status === 'ready' && page.data.items.length === 0 && <EmptyState>Nothing has been recorded yet.</EmptyState>}
      {page.status === 'ready' && page.data.items.length > 0 && (
        <DataTable
          label="Recorded decisions"
          caption={`Recorded decisions, page ${pageNumber}`}
          columns={columns}
          rows={page.data.items}
          rowKey={(record) => record.id}
        />
      )}
      <nav className="row-actions audit-log__pager" aria-label="Audit log pages">
        <button
          type="button"
          className="button button--secondary"
          disabled={cursors.length === 1}
          onClick={() => setCursors(cursors.slice(0, -1))}
        >
          Newer
        </button>
        <span aria-live="polite">Page {pageNumber}</span>
        <button
          type="button"
          className="button button--secondary"
          disabled={page.status !== 'ready' || !page.data.nextCursor}
          onClick={() => page.status === 'ready' && page.data.nextCursor && setCursors([...cursors, page.data.nextCursor])}
        >
          Older
        </button>
      </nav>
    </section>
  );
}
