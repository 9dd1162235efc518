/**
 * The inbox's reads and writes: a person's own notifications, newest first, a page at a time;
 * marking them read. A read mark changes the row's sync version (migrations/0150), so the
 * person's other devices learn of it with their next GET /sync.
 */
import { sql } from 'kysely';
import { toNotification, type Notification } from '../db/notifications.ts';
import type { AppDeps } from '../http/env.ts';
import { notFound } from '../http/errors.ts';

type Deps = Pick<AppDeps, 'db' | 'batch' | 'clock'>;

export interface InboxPage {
  items: Notification[];
  unread: number;
  /** Pass as `before` for the next (older) page; null on the last page. */
  next: string | null;
}

/** A cursor is `<created_at>|<id>` of the last item shown: stable while new items arrive. */
export async function inboxPage(deps: Deps, userId: string, options: { before?: string; limit: number }): Promise<InboxPage> {
  const { db, batch } = deps;
  const [createdAt, id] = options.before ? options.before.split('|') : [];
  let page = db.selectFrom('notifications').selectAll().where('user_id', '=', userId);
  if (createdAt && id) {
    page = page.where((eb) => eb.or([eb('created_at', '<', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)])]));
  }
  const [rows, count] = await batch([
    page.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit + 1).compile(),
    db.selectFrom('notifications').select(sql<number>`count(*)`.as('unread')).where('user_id', '=', userId).where('read_at', 'is', null).compile(),
  ]);
  const list = (rows?.rows ?? []) as Parameters<typeof toNotification>[0][];
  const items = list.slice(0, options.limit).map(toNotification);
  const last = items.at(-1);
  return {
    items,
    unread: Number(count?.rows[0]?.unread ?? 0),
    next: list.length > options.limit && last ? `${last.createdAt}|${last.id}` : null,
  };
}

/** Marks one of the person's own notifications read (again is fine: the first time stays). */
export async function markRead(deps: Deps, userId: string, id: string): Promise<Notification> {
  const { db, clock } = deps;
  await db.updateTable('notifications').set({ read_at: clock().toISOString() }).where('id', '=', id).where('user_id', '=', userId).where('read_at', 'is', null).execute();
  const row = await db.selectFrom('notifications').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  // Another person's notification is as absent as one that never existed.
  if (!row) throw notFound('Notification');
  return toNotification(row);
}

/** Marks all of the person's notifications read; returns how many were unread. */
export async function markAllRead(deps: Deps, userId: string): Promise<number> {
  const { db, clock } = deps;
  const changed = await db
    .updateTable('notifications')
    .set({ read_at: clock().toISOString() })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .returning('id')
    .execute();
  return changed.length;
}
