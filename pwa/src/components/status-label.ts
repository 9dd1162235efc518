import { currentLocale, t, type MessageId } from '../lib/i18n/runtime.ts';

const statuses: Record<string, MessageId> = {
  pending: 'status.pending',
  assigned: 'status.assigned',
  approved: 'status.approved',
  rejected: 'status.rejected',
  paid: 'status.paid',
  unpaid: 'status.unpaid',
  disapproved: 'status.disapproved',
};

/**
 * An application's or agent request's status (stored in English) as a person reads it: English
 * pages show it as stored (the spec's lists show 'pending', 'assigned'), Bangla pages translate it.
 */
export function statusLabel(status: string): string {
  const id = statuses[status.toLowerCase()];
  return currentLocale() === 'bn' && id ? t(id) : status;
}
