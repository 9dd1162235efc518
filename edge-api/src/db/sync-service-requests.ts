/**
 * Service requests in the sync pull (issue 51, docs/decisions/0114): the holder's own, those on
 * the policies assigned to an agent, and an admin's open ones, each with the requests decided
 * within the kept window (as claims, db/claims.ts visibleClaims). Versions come from migration 0307's triggers: a request,
 * its decision, and its policy given to another agent each move it.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database, Role } from './schema.ts';
import { nomineeNidPhotoColumn, type ListedServiceRequestRow } from './service-request-rows.ts';

type Viewer = { id: string; email: string; role: Role; decidedSince?: string };

/** Which requests a viewer's pull holds, as an SQL condition over `service_requests` joined to `applications`. */
export function visibleServiceRequests(viewer: Viewer): RawBuilder<boolean> {
  const own = sql`service_requests.user_id = ${viewer.id}`;
  const since = viewer.decidedSince ?? '';
  const current = sql`(service_requests.status = 'pending' OR service_requests.decided_at >= ${since})`;
  if (viewer.role === 'admin') return sql<boolean>`(${own} OR ${current})`;
  if (viewer.role === 'agent') return sql<boolean>`(${own} OR (applications.assigned_agent = ${viewer.email} COLLATE NOCASE AND ${current}))`;
  return sql<boolean>`${own}`;
}

export function serviceRequestsChangedSince(db: Kysely<Database>, viewer: Viewer, since: number, take: number) {
  return db
    .selectFrom('service_requests')
    .innerJoin('applications', 'applications.id', 'service_requests.application_id')
    .selectAll('service_requests')
    .select(['applications.policy_name', 'applications.policy_name_bn', 'applications.policy_number', 'applications.name as holder'])
    .select(nomineeNidPhotoColumn)
    .where('service_requests.version', '>', since)
    .where(visibleServiceRequests(viewer))
    .orderBy('service_requests.version')
    .limit(take)
    .compile();
}

/** A pulled row: the request and what the list shows of its policy (routes/sync-shapes.ts gives it the API's shape). */
export type PulledServiceRequestRow = ListedServiceRequestRow & { version: number };
