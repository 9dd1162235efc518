/**
 * Manage Blogs a page at a time: a search over title, author and content, newest first. An
 * agent's page holds only the blogs they wrote (by account, or by email for blogs written
 * before accounts had ids); an admin's holds everyone's.
 */
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { toBlog } from '../db/blogs.ts';
import type { Database } from '../db/schema.ts';
import type { SessionUser } from '../http/env.ts';
import { contains, pageOf, pageParams, pageWindow, searchParam } from './paging.ts';

export const blogListQuery = z.object({ q: searchParam, ...pageParams });

export function listManagedBlogs(db: Kysely<Database>, actor: Pick<SessionUser, 'id' | 'email' | 'role'>, query: z.infer<typeof blogListQuery>) {
  const window = pageWindow(query);
  let filtered = db.selectFrom('blogs');
  if (actor.role !== 'admin') {
    // The same rule as editing and deleting (commands/blogs.ts).
    filtered = filtered.where((eb) => eb.or([eb('author_id', '=', actor.id), eb('author_email', '=', actor.email)]));
  }
  if (query.q) {
    const text = query.q;
    filtered = filtered.where((eb) => eb.or(['title', 'author_name', 'content'].map((column) => contains(column, text))));
  }
  return pageOf(
    window,
    // The id breaks ties so a page boundary never shows one blog twice or skips one.
    filtered.selectAll().orderBy('publish_date', 'desc').orderBy('id', 'desc').limit(window.pageSize).offset(window.offset).execute(),
    filtered.select((eb) => eb.fn.countAll().as('total')).executeTakeFirst(),
    toBlog,
  );
}
