/**
 * The support inbox (admin, issue 29): the contact form's messages, newest first, a page at a
 * time, each with the sender's email and, when they were signed in, their account. Answered by
 * email: the sender's address is a mailto: link.
 */
import { useState } from 'react';
import type { SupportMessage } from 'edge-api/src/lists/support-inbox.ts';
import type { Column } from '../../components/data-table.tsx';
import { PagedTable } from '../../components/paged-table.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/states.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { answerOf, messageOf } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';
import { formatDateTime } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { usePagedRequest } from '../../lib/use-paged-request.ts';
import './support-inbox.css';

const pageSize = 20;

async function fetchInbox(page: number, signal: AbortSignal) {
  return answerOf(await api.support.$get({ query: { page: String(page), pageSize: String(pageSize) } }, { init: { signal } }));
}

const columns = (): Column<SupportMessage>[] => [
  { header: t('admin.supportWhen'), cell: (row) => formatDateTime(row.createdAt) },
  {
    header: t('admin.supportFrom'),
    kind: 'title',
    cell: (row) => (
      <>
        {row.name} <a href={`mailto:${row.email}`}>{row.email}</a>
        <small className="data__detail">
          {row.account ? t('admin.supportAccount', { email: row.account.email }) : t('admin.supportVisitor')}
        </small>
      </>
    ),
  },
  { header: t('admin.supportMessage'), cell: (row) => <p className="support-inbox__message">{row.message}</p> },
];

export function SupportInboxPage() {
  usePageTitle(t('admin.supportHeading'));
  const [page, setPage] = useState(1);
  const inbox = usePagedRequest((signal) => fetchInbox(page, signal), [page]);
  return (
    <section>
      <h1>{t('admin.supportHeading')}</h1>
      <p>{t('admin.supportIntro')}</p>
      {inbox.status === 'error' && !inbox.shown && <ErrorState onRetry={inbox.reload}>{messageOf(inbox.error, t('admin.supportFailed'))}</ErrorState>}
      {!inbox.shown && inbox.status === 'loading' && <LoadingState>{t('admin.supportLoading')}</LoadingState>}
      {inbox.shown && inbox.shown.total === 0 && <EmptyState>{t('admin.supportNone')}</EmptyState>}
      {inbox.shown && inbox.shown.total > 0 && (
        <PagedTable
          label={t('admin.supportTable')}
          navLabel={t('admin.supportPages')}
          columns={columns()}
          page={inbox.shown}
          rowKey={(row) => row.id}
          busy={inbox.status === 'loading'}
          onPage={setPage}
        />
      )}
    </section>
  );
}
