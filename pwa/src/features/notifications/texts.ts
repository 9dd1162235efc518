/**
 * Every word the inbox shows, in plain English, in one place: the translation work (lib/i18n,
 * locales/) can move them into the catalogue as they are. The push texts the server sends are
 * edge-api/src/notifications/texts.ts.
 */
import type { NotificationEvent } from 'edge-api/src/db/notifications.ts';

export const inboxTexts = {
  title: 'Notifications',
  bellLabel: (unread: number) => (unread === 0 ? 'Notifications, none unread' : `Notifications, ${unread} unread`),
  markAllRead: 'Mark all as read',
  empty: 'No notifications yet. We will tell you here when something changes.',
  loading: 'Loading notifications...',
  notFilled: 'Your notifications have not been downloaded to this device yet. Connect to the internet to see them.',
  unread: 'Unread',
  offlineRead: 'You are offline: read marks will be saved when you are back online.',
  older: 'Show older',
};

const policy = (name: string | null) => name ?? 'your policy';

/** What one item says, from its event and the policy's name. */
export const eventText: Record<NotificationEvent, (policyName: string | null) => string> = {
  'application.assigned': (p) => `Your application for ${policy(p)} is now with an agent.`,
  'application.approved': (p) => `Your application for ${policy(p)} was approved.`,
  'application.rejected': (p) => `Your application for ${policy(p)} was rejected.`,
  'payment.confirmed': (p) => `Your payment for ${policy(p)} is confirmed.`,
  'payment.refunded': (p) => `Your payment for ${policy(p)} was refunded.`,
  'claim.assigned': (p) => `A claim for ${policy(p)} was assigned to you.`,
  'agent-request.submitted': () => 'Someone asked to become an agent. Review the request.',
  'payment.refused': (p) => `A card payment for ${policy(p)} was refused by the provider.`,
};
