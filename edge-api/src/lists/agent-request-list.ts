/** Manage Agents a page at a time: search by name, email, phone or district, filter by status. */
import type { Kysely, Selectable } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.ts';
import { contains, pageOf, pageParams, pageWindow, searchParam } from './paging.ts';

export const agentRequestListQuery = z.object({
  q: searchParam,
  status: z.enum(['pending', 'approved', 'disapproved'], { error: 'status must be pending, approved or disapproved' }).optional(),
  ...pageParams,
});

export function listAgentRequests<T>(
  db: Kysely<Database>,
  query: z.infer<typeof agentRequestListQuery>,
  map: (row: Selectable<Database['agent_requests']>) => T,
) {
  const window = pageWindow(query);
  let filtered = db.selectFrom('agent_requests');
  if (query.status) filtered = filtered.where('status', '=', query.status);
  if (query.q) {
    const text = query.q;
    filtered = filtered.where((eb) => eb.or(['name', 'email', 'phone', 'district'].map((column) => contains(column, text))));
  }
  return pageOf(
    window,
    filtered.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(window.pageSize).offset(window.offset).execute(),
    filtered.select((eb) => eb.fn.countAll().as('total')).executeTakeFirst(),
    map,
  );
}
