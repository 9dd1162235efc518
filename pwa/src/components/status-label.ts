import { t, type MessageId } from '../lib/i18n/runtime.ts';

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
 * An application's or agent request's status (stored in English, any case) as a person reads it,
 * the same word on every screen (issue 29: the lists mixed "approved" with "Assigned"). A status
 * the catalogue does not know shows as stored.
 */
export function statusLabel(status: string): string {
  const id = statuses[status.toLowerCase()];
  return id ? t(id) : status;
}

export type StatusTone = 'success' | 'warn' | 'info' | 'danger';

/** The staff screens' colours (spec section 4): approved green, pending yellow, assigned blue, other red. */
export function staffStatusTone(status: string): StatusTone {
  const value = status.toLowerCase();
  return value === 'approved' ? 'success' : value === 'pending' ? 'warn' : value === 'assigned' ? 'info' : 'danger';
}
