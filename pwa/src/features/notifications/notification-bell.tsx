/**
 * The bell in the dashboard header, with the count of unread notifications, on phones too.
 * Reads the device's copy, so it shows offline; when the service worker says a push came
 * (sw-push.ts), the copy is pulled at once so the count rises without waiting for the minute.
 */
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { offerNotificationsNext } from '../../components/notification-permission.tsx';
import { pushArrivedMessage } from '../../lib/push-arrived.ts';
import { useLocalQuery } from '../../lib/use-local-query.ts';
import { refreshInbox } from './notifications-api.ts';
import { formatNumber } from '../../lib/i18n/format.ts';
import { inboxTexts } from './texts.ts';
import './notifications.css';

export function NotificationBell() {
  const unread = useLocalQuery((db) => db.notifications.filter((item) => !item.readAt).count(), []) ?? 0;
  // An agent with a new claim is offered notifications (once; the offer remembers a "Not now").
  const newClaim = useLocalQuery((db) => db.notifications.filter((item) => !item.readAt && item.event === 'claim.assigned').count(), []) ?? 0;
  useEffect(() => {
    if (newClaim > 0) offerNotificationsNext();
  }, [newClaim]);
  useEffect(() => {
    const onMessage = (event: MessageEvent<{ type?: string } | null>) => {
      if (event.data?.type === pushArrivedMessage) void refreshInbox();
    };
    navigator.serviceWorker?.addEventListener('message', onMessage);
    return () => navigator.serviceWorker?.removeEventListener('message', onMessage);
  }, []);
  return (
    <Link to="/dashboard/notifications" className="notification-bell" aria-label={inboxTexts.bellLabel(unread)} data-unread={unread}>
      <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
        <path d="M13.73 21a2 2 0 0 1-3.46 0" />
      </svg>
      {unread > 0 && <span className="notification-bell__count">{unread > 99 ? formatNumber(99) + '+' : formatNumber(unread)}</span>}
    </Link>
  );
}
