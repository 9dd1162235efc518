/**
 * The connection and sync indicator in the header (public and dashboard layouts): 'Offline',
 * 'Slow connection' (a push timed out while online),
 * 'Syncing…', 'N waiting to send', and the sync problems count, which opens the Sync problems
 * panel (refusals with their reasons, each dismissable). Announced politely to screen readers.
 * Reads only small status stores, so the header never loads the local database itself. On a
 * phone each badge but Offline shows a short form (an arrow and a count, "!" and a count), so the
 * header stays one row.
 */
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { lostWritesNotice } from '../../lib/outbox-lost.ts';
import { outboxStatus } from '../../lib/outbox-status.ts';
import { pullStatus } from '../../lib/pull-status.ts';
import { useStatusStore } from '../../lib/status-store.ts';
import { useOnline } from '../../lib/use-online.ts';
import { formatNumber } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/runtime.ts';
import './header-status.css';

const SyncProblems = lazy(() => import('./sync-problems.tsx').then((m) => ({ default: m.SyncProblems })));

/** True once `value` has stayed true for `ms` (quick background pulls do not flash). */
function useSettled(value: boolean, ms: number): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (!value) return;
    const timer = window.setTimeout(() => setSettled(true), ms);
    return () => {
      window.clearTimeout(timer);
      setSettled(false);
    };
  }, [value, ms]);
  return value && settled;
}

/**
 * A badge's words. On a phone the header is one row (issue 48): the words stay for screen readers
 * (and wide screens) while `Short` shows; header-status.css switches them.
 */
const Full = ({ children }: { children: ReactNode }) => <span className="header-status__full">{children}</span>;
const Short = ({ children }: { children: ReactNode }) => <span className="header-status__short" aria-hidden="true">{children}</span>;
/** "Waiting to send", drawn: an arrow going up. */
const UpArrow = () => (
  <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
    <path d="M6 10.5V2M2.5 5.5 6 2l3.5 3.5" stroke="currentColor" strokeWidth="1.8" fill="none" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

export function HeaderStatus() {
  const online = useOnline();
  const pull = useStatusStore(pullStatus);
  const outbox = useStatusStore(outboxStatus);
  const lostNotice = useStatusStore(lostWritesNotice);
  const syncing = useSettled(online && (pull.state === 'syncing' || outbox.pushing), 400);
  const problems = outbox.problems + (lostNotice ? 1 : 0);
  const [panelOpen, setPanelOpen] = useState(false);
  const openPanel = () => setPanelOpen(true);

  return (
    <div className="header-status">
      <p className="header-status__line" role="status" aria-live="polite">
        {!online && <span className="badge badge--warn">{t('status.offline')}</span>}
        {online && outbox.slow && (
          <span className="badge badge--warn">
            <Full>{t('status.slow')}</Full>
            <Short>{t('status.slowShort')}</Short>
          </span>
        )}
        {syncing && (
          <span className="badge badge--info">
            <Full>{t('status.syncing')}</Full>
            <Short><span className="spinner" /></Short>
          </span>
        )}
        {outbox.waiting > 0 && (
          <button type="button" className="badge badge--info header-status__button" onClick={openPanel}>
            <Full>{t('status.waiting', { count: formatNumber(outbox.waiting) })}</Full>
            <Short><UpArrow /> {formatNumber(outbox.waiting)}</Short>
            {outbox.pausedForSignIn && <span className="visually-hidden"> {t('status.signInToSend')}</span>}
          </button>
        )}
        {problems > 0 && (
          <button type="button" className="badge badge--danger header-status__button" onClick={openPanel}>
            <Full>{t('status.problems', { count: problems })}</Full>
            <Short>! {formatNumber(problems)}</Short>
          </button>
        )}
      </p>
      {panelOpen && (
        <Suspense fallback={null}>
          <SyncProblems onClose={() => setPanelOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
