/**
 * The demo's outbox (admin, issue 50): on the embedded demo no SMS gateway or mail server is
 * set up, so the server keeps each SMS and email here instead of sending it, newest first; a
 * demo visitor signing in by phone reads the code here. A server that sends for real has none:
 * the API answers 404, and the page says so.
 */
import { EmptyState, ErrorState, LoadingState } from '../../components/states.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { answerOf, isNotFound, messageOf } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';
import { formatDateTime } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { useRequest } from '../../lib/use-request.ts';
import './demo-outbox.css';

async function fetchOutbox(signal: AbortSignal) {
  return (await answerOf(await api.demo.outbox.$get({ query: {} }, { init: { signal } }))).messages;
}

export function DemoOutboxPage() {
  usePageTitle(t('admin.outboxHeading'));
  const outbox = useRequest((signal) => fetchOutbox(signal), []);
  return (
    <section className="demo-outbox">
      <h1>{t('admin.outboxHeading')}</h1>
      <p>{t('admin.outboxIntro')}</p>
      {outbox.status === 'loading' && <LoadingState>{t('admin.outboxLoading')}</LoadingState>}
      {outbox.status === 'error' &&
        (isNotFound(outbox.error) ? (
          <EmptyState>{t('admin.outboxNotDemo')}</EmptyState>
        ) : (
          <ErrorState onRetry={outbox.reload}>{messageOf(outbox.error, t('admin.outboxFailed'))}</ErrorState>
        ))}
      {outbox.status === 'ready' && outbox.data.length === 0 && <EmptyState>{t('admin.outboxNone')}</EmptyState>}
      {outbox.status === 'ready' && outbox.data.length > 0 && (
        <>
          <button type="button" className="button button--secondary" onClick={outbox.reload}>{t('admin.outboxRefresh')}</button>
          <ol className="demo-outbox__list" aria-label={t('admin.outboxList')}>
            {outbox.data.map((message) => (
              <li key={message.id} className="panel demo-outbox__message">
                <p className="demo-outbox__meta">
                  <span className="badge badge--info">{message.channel === 'sms' ? t('admin.outboxSms') : t('admin.outboxEmail')}</span>{' '}
                  <span className="demo-outbox__to">{t('admin.outboxTo', { to: message.to })}</span>{' '}
                  <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
                </p>
                {message.subject && <p className="demo-outbox__subject">{message.subject}</p>}
                <p className="demo-outbox__body">{message.body}</p>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
