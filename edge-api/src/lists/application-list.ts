/**
 * Manage Applications and an agent's assigned applications, a page at a time: a search over
 * applicant, email and policy name, a status filter, and an order, all done by SQL so a screen
 * never holds every row.
 */
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { toApplication, type StoredApplication } from '../db/applications.ts';
import { applicantProvenPhone, numberIsProven } from '../db/numbers-proven.ts';
import type { Database } from '../db/schema.ts';
import { contains, pageOf, pageParams, pageWindow, searchParam } from './paging.ts';

/** Staff lists say whether each applicant's number is proven (issue 50), read with the page's rows. */
const withNumberProven = (row: StoredApplication & { applicant_proven_phone: string | null }) => ({
  ...toApplication(row),
  phoneVerified: numberIsProven(row.phone, row.applicant_proven_phone),
});

export const applicationStatuses = ['pending', 'assigned', 'approved', 'rejected'] as const;
export const applicationSorts = ['newest', 'oldest', 'applicant'] as const;

export const applicationListQuery = z.object({
  q: searchParam,
  status: z.enum(applicationStatuses, { error: 'status must be pending, assigned, approved or rejected' }).optional(),
  sort: z.enum(applicationSorts, { error: 'sort must be newest, oldest or applicant' }).optional(),
  ...pageParams,
});
export type ApplicationListQuery = z.infer<typeof applicationListQuery>;

/**
 * An agent's assigned applications a page at a time (Assigned Customers, the clearance list):
 * 'open' is the claims waiting for the agent (pending or assigned); newest assignment first.
 */
export const assignedListQuery = z.object({
  q: searchParam,
  status: z.enum([...applicationStatuses, 'open'], { error: 'status must be open, pending, assigned, approved or rejected' }).optional(),
  ...pageParams,
});

export function listAssignedApplications(db: Kysely<Database>, agentEmail: string, query: z.infer<typeof assignedListQuery>) {
  const window = pageWindow(query);
  let filtered = db.selectFrom('applications').where('assigned_agent', '=', agentEmail);
  if (query.status === 'open') filtered = filtered.where('status', 'in', ['pending', 'assigned']);
  else if (query.status) filtered = filtered.where('status', '=', query.status);
  if (query.q) {
    const text = query.q;
    filtered = filtered.where((eb) => eb.or([contains('name', text), contains('user_email', text), contains('policy_name', text)]));
  }
  return pageOf(
    window,
    filtered
      .selectAll()
      .select(applicantProvenPhone)
      .orderBy(sql`coalesce(assigned_at, applied_at)`, 'desc')
      .orderBy('id', 'desc')
      .limit(window.pageSize)
      .offset(window.offset)
      .execute(),
    filtered.select((eb) => eb.fn.countAll().as('total')).executeTakeFirst(),
    withNumberProven,
  );
}

export function listApplications(db: Kysely<Database>, query: ApplicationListQuery) {
  const window = pageWindow(query);
  let filtered = db.selectFrom('applications');
  if (query.status) filtered = filtered.where('status', '=', query.status);
  if (query.q) {
    const text = query.q;
    filtered = filtered.where((eb) => eb.or([contains('name', text), contains('user_email', text), contains('policy_name', text)]));
  }
  let rows = filtered.selectAll().select(applicantProvenPhone);
  const sort = query.sort ?? 'newest';
  // The id breaks ties so a page boundary never shows one row twice or skips one.
  if (sort === 'newest') rows = rows.orderBy('applied_at', 'desc').orderBy('id', 'desc');
  if (sort === 'oldest') rows = rows.orderBy('applied_at', 'asc').orderBy('id', 'asc');
  if (sort === 'applicant') rows = rows.orderBy('name', 'asc').orderBy('id', 'asc');
  return pageOf(
    window,
    rows.limit(window.pageSize).offset(window.offset).execute(),
    filtered.select((eb) => eb.fn.countAll().as('total')).executeTakeFirst(),
    withNumberProven,
  );
}
