/**
 * /dashboard/notifications: the person's inbox, newest first, from the device's copy (so it
 * opens offline). Each item names what changed and opens the screen that shows it; opening
 * one marks it read here and, through the server, on the person's other devices.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDate } from '../../components/format.ts';
import { EmptyState, LoadingState } from '../../components/states.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { downloadedFor, pullStatus } from '../../lib/pull-status.ts';
import { useStatusStore } from '../../lib/status-store.ts';
import { useLocalQuery } from '../../lib/use-local-query.ts';
import { useOnline } from '../../lib/use-online.ts';
import { useSession } from '../../lib/use-session.ts';
import { markAllRead, markRead } from './notifications-api.ts';
import { eventText, inboxTexts } from './texts.ts';
import './notifications.css';
import { shownPolicyName } from '../../components/policy-text.ts';

/** Items shown at first and added by "Show older": the copy holds them all, the screen pages. */
const pageSize = 30;

export function InboxPage() {
  usePageTitle(inboxTexts.title);
  const session = useSession();
  const status = useStatusStore(pullStatus);
  const online = useOnline();
  const [shown, setShown] = useState(pageSize);
  const items = useLocalQuery((db) => db.notifications.orderBy('createdAt').reverse().limit(shown + 1).toArray(), [shown]);
  const unread = useLocalQuery((db) => db.notifications.filter((item) => !item.readAt).count(), []) ?? 0;

  const open = (id: string, readAt: string | null) => {
    // A read mark needs the server; offline the item opens all the same.
    if (!readAt && navigator.onLine) void markRead(id).catch((error: unknown) => console.error('Marking read failed', error));
  };

  return (
    <section className="inbox">
      <h1>{inboxTexts.title}</h1>
      <div className="inbox__actions">
        {unread > 0 && online && (
          <button type="button" className="button button--secondary" onClick={() => void markAllRead().catch((error: unknown) => console.error(error))}>
            {inboxTexts.markAllRead}
          </button>
        )}
        {!online && unread > 0 && <p className="muted">{inboxTexts.offlineRead}</p>}
      </div>
      {items === undefined && <LoadingState>{inboxTexts.loading}</LoadingState>}
      {items?.length === 0 &&
        (downloadedFor(status, session.user?.id) ? <EmptyState>{inboxTexts.empty}</EmptyState> : <p className="muted">{inboxTexts.notFilled}</p>)}
      {items && items.length > 0 && (
        <ul className="inbox__list">
          {items.slice(0, shown).map((item) => (
            <li key={item.id} className={item.readAt ? 'inbox__item' : 'inbox__item inbox__item--unread'}>
              <Link to={item.link} onClick={() => open(item.id, item.readAt)}>
                {!item.readAt && <span className="visually-hidden">{inboxTexts.unread}: </span>}
                {eventText(item.event, shownPolicyName(item))}
                <time className="inbox__time" dateTime={item.createdAt}>
                  {formatDate(item.createdAt)}
                </time>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {items && items.length > shown && (
        <button type="button" className="button button--secondary" onClick={() => setShown((n) => n + pageSize)}>
          {inboxTexts.older}
        </button>
      )}
    </section>
  );
}
