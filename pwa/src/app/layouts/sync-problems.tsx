/**
 * The Sync problems panel, opened from the header: writes the server refused (with its
 * reason, kept until the user dismisses them), writes still waiting (with the last failure,
 * if any), and a notice if the browser cleared unsent writes. Loaded only when opened.
 */
import { useNavigate } from 'react-router-dom';
import { Dialog } from '../../components/dialog.tsx';
import type { OutboxItem } from '../../lib/local-db.ts';
import { pushOutbox } from '../../lib/offline/push-engine.ts';
import { dismissProblem } from '../../lib/offline/queue.ts';
import { dismissDocument } from '../../lib/documents/pending.ts';
import { dismissLostWritesNotice, lostWritesNotice } from '../../lib/outbox-lost.ts';
import { outboxStatus } from '../../lib/outbox-status.ts';
import { useStatusStore } from '../../lib/status-store.ts';
import { useOnline } from '../../lib/use-online.ts';
import { formatDateTime } from '../../lib/i18n/format.ts';
import { fieldMessage } from '../../lib/i18n/field-messages.ts';
import { t } from '../../lib/i18n/runtime.ts';

const when = (iso: string) => formatDateTime(iso);

export function SyncProblems({ onClose }: { onClose: () => void }) {
  const online = useOnline();
  const navigate = useNavigate();
  // A refused application opens again in the Apply form, filled in, its reasons on its fields (issue 47).
  const correct = async (item: OutboxItem) => {
    const { draftFromRefused } = await import('../../features/apply/correct-refused.ts');
    const state = draftFromRefused(item.userId, item.payload, item.result?.body ?? null);
    await dismissProblem(item.mutationId);
    onClose();
    navigate('/policy-apply-from', { state });
  };
  const status = useStatusStore(outboxStatus);
  const lostNotice = useStatusStore(lostWritesNotice);
  // The same lists the header counts (one source of truth: lib/outbox-status.ts).
  const refused = status.refusedItems;
  const waiting = status.waitingItems;
  const refusedDocuments = status.refusedDocuments;
  const nothing = refused.length === 0 && refusedDocuments.length === 0 && waiting.length === 0 && !lostNotice;

  return (
    <Dialog open title={t('sync.title')} onClose={onClose} actions={<button type="button" className="button button--secondary" onClick={onClose}>{t('sync.close')}</button>}>
      {lostNotice && (
        <ul className="sync-problems__list">
          <li className="sync-problems__item sync-problems__item--refused">
            <p className="sync-problems__reason">{lostNotice}</p>
            <button type="button" className="button button--small button--secondary" onClick={dismissLostWritesNotice}>{t('sync.dismiss')}</button>
          </li>
        </ul>
      )}
      {refused.length > 0 && (
        <>
          <h3>{t('sync.refused')}</h3>
          <ul className="sync-problems__list">
            {refused.map((item) => (
              <li key={item.mutationId} className="sync-problems__item sync-problems__item--refused">
                <p><strong>{item.summary}</strong></p>
                <p className="sync-problems__reason">{item.result?.reason ? fieldMessage(item.result.reason) : t('sync.refusedDefault')}</p>
                <p className="sync-problems__meta">{t('sync.made', { when: when(item.createdAt) })}</p>
                {item.type === 'application.create' && (
                  <button type="button" className="button button--small" onClick={() => void correct(item)}>
                    {t('sync.correct')}
                  </button>
                )}{' '}
                <button type="button" className="button button--small button--secondary" onClick={() => void dismissProblem(item.mutationId)}>
                  {t('sync.dismiss')}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {refusedDocuments.length > 0 && (
        <>
          {refused.length === 0 && <h3>{t('sync.refused')}</h3>}
          <ul className="sync-problems__list">
            {refusedDocuments.map((doc) => (
              <li key={doc.fileKey} className="sync-problems__item sync-problems__item--refused">
                <p><strong>{doc.summary}</strong></p>
                <p className="sync-problems__reason">{doc.reason ?? t('sync.refusedDefault')}</p>
                <p className="sync-problems__meta">{t('sync.made', { when: when(doc.createdAt) })}</p>
                <button type="button" className="button button--small button--secondary" onClick={() => void dismissDocument(doc.fileKey)}>
                  {t('sync.dismiss')}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {waiting.length > 0 && (
        <>
          <h3>{t('sync.waiting')}</h3>
          <ul className="sync-problems__list">
            {waiting.map((item) => (
              <li key={item.mutationId} className="sync-problems__item">
                <p><strong>{item.summary}</strong></p>
                <p className="sync-problems__meta">
                  {t('sync.made', { when: when(item.createdAt) })}
                  {item.lastError ? ` · ${t('sync.lastTry', { error: item.lastError })}` : ''}
                </p>
              </li>
            ))}
          </ul>
          <p className="sync-problems__meta">
            {status.pausedForSignIn
              ? t('sync.signInAgain')
              : online
                ? t('sync.automatic')
                : t('sync.whenOnline')}
          </p>
          {online && !status.pausedForSignIn && (
            <button type="button" className="button button--small" disabled={status.pushing} onClick={() => void pushOutbox()}>
              {status.pushing ? t('sync.sending') : t('sync.sendNow')}
            </button>
          )}
        </>
      )}
      {nothing && <p>{t('sync.allSent')}</p>}
    </Dialog>
  );
}
