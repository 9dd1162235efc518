/** The admins' support inbox (issue 29): the contact form's messages, newest first, a page at a time. */
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.ts';
import { pageOf, pageParams, pageWindow, type Page } from './paging.ts';

export const supportInboxQuery = z.object(pageParams);
export type SupportInboxQuery = z.infer<typeof supportInboxQuery>;

export interface SupportMessage {
  id: string;
  name: string;
  email: string;
  message: string;
  createdAt: string;
  /** The sender's account when they were signed in. */
  account: { id: string; email: string; name: string | null } | null;
}

export function supportInbox(db: Kysely<Database>, query: SupportInboxQuery): Promise<Page<SupportMessage>> {
  const window = pageWindow(query);
  const rows = db
    .selectFrom('support_messages')
    .leftJoin('users', 'users.id', 'support_messages.user_id')
    .select([
      'support_messages.id',
      'support_messages.name',
      'support_messages.email',
      'support_messages.message',
      'support_messages.created_at',
      'support_messages.user_id',
      'support_messages.account_email',
      'users.name as account_name',
    ])
    .orderBy('support_messages.created_at', 'desc')
    .orderBy('support_messages.id', 'desc')
    .limit(window.pageSize)
    .offset(window.offset)
    .execute();
  const counted = db.selectFrom('support_messages').select((eb) => eb.fn.countAll().as('total')).executeTakeFirst();
  return pageOf(window, rows, counted, (row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    createdAt: row.created_at,
    account: row.user_id ? { id: row.user_id, email: row.account_email ?? '', name: row.account_name ?? null } : null,
  }));
}
