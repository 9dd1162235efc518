/**
 * The inbox's rows as the API and GET /sync show them (migrations/0150). What creates them
 * and delivers them lives in edge-api/src/notifications/; this is only the read side, so
 * the sync pull (db/sync.ts) can serve them from the db floor.
 */
import type { Selectable } from 'kysely';
import type { NotificationRow } from './schema.ts';

/** Every event that creates a notification (notifications/events.ts). */
export type NotificationEvent =
  | 'application.assigned'
  | 'application.approved'
  | 'application.rejected'
  | 'payment.confirmed'
  | 'payment.refunded'
  | 'claim.assigned'
  | 'agent-request.submitted'
  | 'payment.refused'
  // Policy servicing (issue 51): the holder hears the decision on their request.
  | 'service-request.approved'
  | 'service-request.refused'
  // ...and the staff who decide it hear of a new one: the assigned agent, else every admin.
  | 'service-request.new'
  // Premiums after the sale (issue 49): reminders of a due, a receipt, a lapse (premiums/reminders.ts).
  | PremiumNotificationEvent
  // Insurance claims (issue 31, notifications/claim-events.ts); `policyName` carries the claim number.
  | ClaimNotificationEvent;

export const premiumNotificationEvents = ['premium_due', 'premium_paid', 'policy_lapsed'] as const;
export type PremiumNotificationEvent = (typeof premiumNotificationEvents)[number];

/** What happens to an insurance claim, told to its claimant, its agent or the admins. */
export const claimNotificationEvents = [
  'insurance-claim.filed',
  'insurance-claim.new',
  'insurance-claim.assigned',
  'insurance-claim.to-clear',
  'insurance-claim.sent-back',
  'insurance-claim.resubmitted',
  'insurance-claim.approved',
  'insurance-claim.to-pay',
  'insurance-claim.rejected',
  'insurance-claim.paid',
  'insurance-claim.overdue',
  // Issue 47: told to the policy's holder when someone claims as its nominee and no NID could check it.
  'insurance-claim.unverified-nominee',
] as const;
export type ClaimNotificationEvent = (typeof claimNotificationEvents)[number];

export interface Notification {
  id: string;
  event: NotificationEvent;
  /** The application or agent request it is about. */
  entityId: string | null;
  /** The only personal detail an item carries (docs/decisions/0076). */
  policyName: string | null;
  /** The policy's Bangla title (issue 48), or null: the inbox on a Bangla page then names it in English. */
  policyNameBn: string | null;
  /** The PWA screen that shows what changed. */
  link: string;
  createdAt: string;
  readAt: string | null;
  version: number;
}

export function toNotification(row: Selectable<NotificationRow>): Notification {
  return {
    id: row.id,
    event: row.event as NotificationEvent,
    entityId: row.entity_id,
    policyName: row.policy_name,
    policyNameBn: row.policy_name_bn ?? null,
    link: row.link,
    createdAt: row.created_at,
    readAt: row.read_at,
    version: row.version,
  };
}
