import { staffStatusTone, statusLabel } from './status-label.ts';

/** An application's status on the admin's and the agent's screens: one word and one colour everywhere. */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge badge--${staffStatusTone(status)}`}>{statusLabel(status)}</span>;
}
