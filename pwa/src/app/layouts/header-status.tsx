import { pullStatus } from '../../lib/pull-status.ts';
import { useStatusStore } from '../../lib/status-store.ts';
import { useOnline } from '../../lib/use-online.ts';

/** Connection and sync state, announced politely to screen readers. */
export function HeaderStatus() {
  const online = useOnline();
  const pull = useStatusStore(pullStatus);
  const text = !online ? 'Offline' : pull.state === 'syncing' ? 'Syncing…' : null;
  return (
    <p className="header-status" role="status" aria-live="polite">
      {text && <span className={online ? 'badge badge--info' : 'badge badge--warn'}>{text}</span>}
    </p>
  );
}
