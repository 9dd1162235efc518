/**
 * The connection and sync indicator in the header (public and dashboard layouts): 'Offline',
 * 'Slow connection' (a push timed out while online),
 * 'Syncing…', 'N waiting to send', and the sync problems count, which opens the Sync problems
 * panel (refusals with their reasons, each dismissable). Announced politely to screen readers.
 * Reads only small status stores, so the header never loads the local database itself.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { lostWritesNotice } from '../../lib/outbox-lost.ts';
import { outboxStatus } from '../../lib/outbox-status.ts';
import { pullStatus } from '../../lib/pull-status.ts';
import { useStatusStore } from '../../lib/status-store.ts';
import { useOnline } from '../../lib/use-online.ts';
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

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

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
        {!online && <span className="badge badge--warn">Offline</span>}
        {online && outbox.slow && <span className="badge badge--warn">Slow connection</span>}
        {syncing && <span className="badge badge--info">Syncing…</span>}
        {outbox.waiting > 0 && (
          <button type="button" className="badge badge--info header-status__button" onClick={openPanel}>
            {outbox.waiting} waiting to send
            {outbox.pausedForSignIn && <span className="visually-hidden"> (sign in to send)</span>}
          </button>
        )}
        {problems > 0 && (
          <button type="button" className="badge badge--danger header-status__button" onClick={openPanel}>
            {plural(problems, 'sync problem', 'sync problems')}
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
