/**
 * GET /api/claims a page at a time (issue 31): a claimant's own claims, an agent's claims to
 * clear (and their own), or every claim for an admin; filtered by status and by "overdue",
 * newest first. The admin's answer also counts the overdue claims, the flag of the Claims screen.
 */
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { overdueClaim, toClaim, type StoredClaim } from '../db/claims.ts';
import type { Database } from '../db/schema.ts';
import type { SessionUser } from '../db/users.ts';
import { claimFilters } from '../schemas/claim.ts';
import { districtOf } from '../schemas/districts.ts';
import { pageOf, pageParams, pageWindow } from './paging.ts';

export const claimListQuery = z.object({ ...claimFilters, ...pageParams });

export async function listClaims(db: Kysely<Database>, viewer: SessionUser, query: z.infer<typeof claimListQuery>, now: Date) {
  const window = pageWindow(query);
  let scoped = db.selectFrom('claims');
  if (viewer.role === 'user') scoped = scoped.where('claimant_id', '=', viewer.id);
  if (viewer.role === 'agent') {
    scoped = scoped.where(sql<boolean>`(claims.assigned_agent = ${viewer.email} COLLATE NOCASE OR claims.claimant_id = ${viewer.id})`);
  }
  let filtered = scoped;
  if (query.status) filtered = filtered.where('status', '=', query.status);
  if (query.overdue === 'true') filtered = filtered.where(overdueClaim(now));
  const [page, overdue] = await Promise.all([
    pageOf(
      window,
      filtered.selectAll().orderBy('filed_at', 'desc').orderBy('id', 'desc').limit(window.pageSize).offset(window.offset).execute(),
      filtered.select((eb) => eb.fn.countAll().as('total')).executeTakeFirst(),
      (row: StoredClaim) => toClaim(row, viewer.role),
    ),
    scoped.where(overdueClaim(now)).select((eb) => eb.fn.countAll().as('total')).executeTakeFirst(),
  ]);
  return { ...page, overdueCount: Number(overdue?.total ?? 0) };
}

/** The agents an admin may give a claim to: those of the claim's district first, then the least busy. */
export function suggestAgents(db: Kysely<Database>, claim: Pick<StoredClaim, 'district' | 'claimant_id'>) {
  return db
    .selectFrom('users')
    .where('users.role', '=', 'agent')
    .where('users.id', '<>', claim.claimant_id)
    .select([
      'users.email',
      'users.name',
      sql<string | null>`(SELECT ar.district FROM agent_requests ar WHERE ar.email = users.email COLLATE NOCASE AND ar.status = 'approved'
        ORDER BY ar.updated_at DESC LIMIT 1)`.as('district'),
      sql<number>`(SELECT count(*) FROM claims c WHERE c.assigned_agent = users.email COLLATE NOCASE
        AND c.status IN ('assigned', 'more_documents'))`.as('openClaims'),
    ])
    // Both are stored by the district's English name (issue 48); an older claim's text is read the same way.
    .orderBy(sql`CASE WHEN district = ${districtOf(claim.district)?.name ?? claim.district} COLLATE NOCASE THEN 0 ELSE 1 END`)
    .orderBy('openClaims', 'asc')
    .orderBy('users.name')
    .limit(20)
    .execute();
}
