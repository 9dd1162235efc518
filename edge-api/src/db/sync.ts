/**
 * The delta pull of offline sync: every row the caller may see that changed after a server
 * version, and the tombstones of rows they may no longer see, in version order, a page at a
 * time. Versions come from the one sync_clock (migrations 0001, 0005, 0020), never from clocks.
 *
 * All reads run in ONE batch, so they see a single consistent state on both runtimes, and the
 * clock value read with them bounds the page: nothing committed later can be skipped.
 */
import { sql, type CompiledQuery, type Kysely, type SelectQueryBuilder } from 'kysely';
import { toPublicAgent, type PublicAgent } from './agents.ts';
import { mayViewPapers, toApplication, type Application, type StoredApplication } from './applications.ts';
import type { BatchRunner } from './batch.ts';
import { toClaim, visibleClaims, type Claim, type StoredClaim } from './claims.ts';
import { toBlog, type Blog } from './blogs.ts';
import { toNotification, type Notification } from './notifications.ts';
import { selectPolicies, toPolicy, type Policy } from './policies.ts';
import type { Database, Role } from './schema.ts';
import { serviceRequestsChangedSince, type PulledServiceRequestRow } from './sync-service-requests.ts';

export type Collection = 'policies' | 'blogs' | 'faqs' | 'agents' | 'applications' | 'notifications' | 'claims' | 'serviceRequests';
export const collections: readonly Collection[] = ['policies', 'blogs', 'faqs', 'agents', 'applications', 'notifications', 'claims', 'serviceRequests'];

/**
 * What the layers above add to a pull (routes/sync-shapes.ts), kept out of this module so the
 * database layer needs nothing of theirs: the premiums of the page's policies in force (issue
 * 49), read in this same batch over the page's applications, and a service request's API shape.
 */
export interface PullShapes<Premiums = unknown, ServiceRequest = unknown> {
  /** Reads over the page's applications (their ids as a subquery): one query per kind, never per row. */
  premiumReads(db: Kysely<Database>, pageApplicationIds: SelectQueryBuilder<Database, 'applications', { id: string }>): CompiledQuery[];
  /** From those reads' rows, each application's premiums (null: not a policy in force). */
  premiumsReader(rows: readonly (readonly unknown[])[]): (row: StoredApplication) => Premiums | null;
  serviceRequest(row: PulledServiceRequestRow, now: Date): ServiceRequest;
}

/**
 * An application as a pull carries it: with a policy in force's dues and receipts (issue 49,
 * docs/premiums-api.md "Sync pull"), null for anything else. A payment or a collection touches
 * the application (premiums/record-dues.ts), so they travel with its next version.
 */
export type SyncedApplication<Premiums = unknown> = Application & { premiums: Premiums | null };

export interface Faq {
  id: string;
  position: number;
  question: string;
  answer: string;
  /** In Bangla (0162), or null: Bangla pages then show the English. */
  question_bn: string | null;
  answer_bn: string | null;
  version: number;
}

export interface CollectionChanges<T> {
  upserts: T[];
  deletes: string[];
}

export interface SyncChanges {
  policies: CollectionChanges<Policy>;
  blogs: CollectionChanges<Blog>;
  faqs: CollectionChanges<Faq>;
  agents: CollectionChanges<PublicAgent>;
  applications: CollectionChanges<SyncedApplication>;
  /** The viewer's own inbox (issue 28); never deleted, so no tombstones. */
  notifications: CollectionChanges<Notification>;
  /**
   * Insurance claims (issue 31): the claimant's own; an agent's assigned ones, open or changed
   * within the kept window; an admin's open ones and those changed within it. Never deleted.
   */
  claims: CollectionChanges<Claim>;
  /**
   * Policy servicing requests (issue 51, db/sync-service-requests.ts): the holder's own, an
   * agent's on their policies, an admin's open ones, with the decisions of the kept window.
   */
  serviceRequests: CollectionChanges<unknown>;
}

/**
 * Whose private rows a pull may contain. `decidedSince` bounds an admin's and an agent's copy:
 * the undecided applications (an agent: assigned to them) and those decided since then
 * (docs/decisions/0030-admin-offline-scope.md, 0060-agent-offline-scope.md).
 */
export type Viewer = { id: string; email: string; role: Role; decidedSince?: string } | null;

interface Item {
  collection: Collection;
  version: number;
  id: string;
  /** The row in its API shape; absent for a deletion. */
  value?: unknown;
}

export interface DeltaPage {
  /** The server version this page reaches: pass it as `since` next time. */
  version: number;
  /** The sync clock's epoch (migration 0060): which line of versions `version` belongs to. */
  epoch: string;
  /** The clock when the page was read: a `since` above it comes from another line of versions. */
  clock: number;
  hasMore: boolean;
  changes: SyncChanges;
}

/** Which applications a viewer may see, as an SQL condition over `applications`. */
function visibleApplications(viewer: NonNullable<Viewer>) {
  const own = sql`(applications.user_id = ${viewer.id} OR applications.user_email = ${viewer.email})`;
  if (viewer.role === 'admin') {
    const since = viewer.decidedSince ?? '';
    return sql<boolean>`(${own} OR applications.status IN ('pending', 'assigned') OR applications.decided_at >= ${since})`;
  }
  if (viewer.role === 'agent') {
    // The claims waiting for the agent, and their decisions of the kept window (decision 0060).
    const since = viewer.decidedSince ?? '';
    // And every policy in force assigned to them, whenever decided: their Collections list works
    // offline from its dues (issue 49, decision 0114). Within a week this set only grows too.
    return sql<boolean>`(${own} OR (applications.assigned_agent = ${viewer.email}
      AND (applications.status IN ('pending', 'assigned') OR applications.decided_at >= ${since}
        OR (applications.status = 'approved' AND applications.payment_status = 'paid' AND applications.premium_mode IS NOT NULL))))`;
  }
  return sql<boolean>`${own}`;
}

/** Which tombstones a viewer receives: public ones, and only their own private ones. */
function visibleTombstones(viewer: Viewer) {
  const publicOnes = sql`entity IN ('policies', 'blogs', 'faqs', 'agents')`;
  if (!viewer) return sql<boolean>`${publicOnes}`;
  if (viewer.role === 'admin') return sql<boolean>`(${publicOnes} OR entity IN ('applications', 'service_requests'))`;
  const mine = sql`lower(owner_email) = lower(${viewer.email})`;
  if (viewer.role === 'user') return sql<boolean>`(${publicOnes} OR (entity IN ('applications', 'service_requests') AND ${mine}))`;
  // An agent also loses applications deleted while assigned to them, and those taken away from
  // them ('application_revocations'), unless they can still see the application now (their own,
  // or assigned back to them: its newer version then arrives as an upsert).
  const theirs = sql`lower(agent_email) = lower(${viewer.email})`;
  return sql<boolean>`(${publicOnes}
    OR (entity IN ('applications', 'service_requests') AND (${mine} OR ${theirs}))
    OR (entity = 'application_revocations' AND ${theirs}
        AND entity_id NOT IN (SELECT applications.id FROM applications WHERE ${visibleApplications(viewer)})))`;
}

const tombstoneCollection = (entity: string): Collection | null => {
  if (entity === 'application_revocations') return 'applications';
  if (entity === 'service_requests') return 'serviceRequests';
  return (collections as readonly string[]).includes(entity) ? (entity as Collection) : null;
};

export async function readDelta(
  deps: { db: Kysely<Database>; batch: BatchRunner; clock: () => Date },
  viewer: Viewer,
  since: number,
  limit: number,
  shapes: PullShapes,
): Promise<DeltaPage> {
  const { db, batch } = deps;
  const take = limit + 1;
  const changedApplications = viewer && db.selectFrom('applications').where('version', '>', since).where(visibleApplications(viewer)).orderBy('version').limit(take);
  const queries = [
    db.selectFrom('sync_clock').select(['version', 'epoch']).where('id', '=', 1).compile(),
    selectPolicies(db).where('policies.version', '>', since).orderBy('policies.version').limit(take).compile(),
    db.selectFrom('blogs').selectAll().where('version', '>', since).orderBy('version').limit(take).compile(),
    db.selectFrom('faqs').selectAll().where('version', '>', since).orderBy('version').limit(take).compile(),
    db
      .selectFrom('users')
      .select(['id', 'name', 'email', 'photo_url', 'phone', 'bio', 'version'])
      .where('role', '=', 'agent')
      .where('version', '>', since)
      .orderBy('version')
      .limit(take)
      .compile(),
    changedApplications ? changedApplications.selectAll().compile() : null,
    // A first pull (since 0) has nothing to delete.
    since > 0
      ? db
          .selectFrom('tombstones')
          .select(['version', 'entity', 'entity_id'])
          .where('version', '>', since)
          .where(visibleTombstones(viewer))
          .orderBy('version')
          .limit(take)
          .compile()
      : null,
    viewer
      ? db.selectFrom('notifications').selectAll().where('user_id', '=', viewer.id).where('version', '>', since).orderBy('version').limit(take).compile()
      : null,
    viewer
      ? db.selectFrom('claims').selectAll().where('version', '>', since).where(visibleClaims(viewer)).orderBy('version').limit(take).compile()
      : null,
    // 9-11: the premiums of the applications read above, one query per kind (synced-premiums.ts).
    ...(changedApplications ? shapes.premiumReads(db, changedApplications.select('applications.id')) : [null, null, null]),
    viewer ? serviceRequestsChangedSince(db, viewer, since, take) : null,
  ];
  const results = await batch(queries.filter((q) => q !== null));
  const rows = (index: number) => {
    // Indexes shift when optional queries were left out.
    const present = queries.slice(0, index + 1).filter((q) => q !== null).length - 1;
    return queries[index] ? (results[present]?.rows ?? []) : [];
  };

  const clock = Number(rows(0)[0]?.version ?? 0);
  const epoch = String(rows(0)[0]?.epoch ?? '');
  const items: Item[] = [];
  const add = (collection: Collection, list: Record<string, unknown>[], map: (row: never) => unknown) => {
    for (const row of list) {
      items.push({ collection, version: Number(row.version), id: String(row.id), value: map(row as never) });
    }
  };
  // A withdrawn policy leaves the devices' catalogue as a deleted one would (issue 29).
  add('policies', rows(1), (row: Parameters<typeof toPolicy>[0]) => (row.withdrawn_at ? undefined : toPolicy(row)));
  add('blogs', rows(2), toBlog);
  add('faqs', rows(3), (row: Faq) => row);
  add('agents', rows(4), toPublicAgent);
  const premiumsOf = shapes.premiumsReader([rows(9), rows(10), rows(11)]);
  add('applications', rows(5), (row: StoredApplication): SyncedApplication => ({ ...toApplication(row, mayViewPapers(viewer, row)), premiums: premiumsOf(row) }));
  add('notifications', rows(7), toNotification);
  if (viewer) add('claims', rows(8), (row: StoredClaim) => toClaim(row, viewer.role));
  const now = deps.clock();
  add('serviceRequests', rows(12), (row: PulledServiceRequestRow) => shapes.serviceRequest(row, now));
  for (const row of rows(6)) {
    const collection = tombstoneCollection(String(row.entity));
    if (collection) items.push({ collection, version: Number(row.version), id: String(row.entity_id) });
  }

  items.sort((a, b) => a.version - b.version);
  const page = items.slice(0, limit);
  const hasMore = items.length > limit;

  // Within a page an id ends in one state: the latest change wins.
  const latest = new Map<string, Item>();
  for (const item of page) latest.set(`${item.collection}\u0000${item.id}`, item);
  const changes = Object.fromEntries(collections.map((c) => [c, { upserts: [], deletes: [] }])) as unknown as Record<
    Collection,
    CollectionChanges<unknown>
  >;
  for (const item of latest.values()) {
    if (item.value === undefined) changes[item.collection].deletes.push(item.id);
    else changes[item.collection].upserts.push(item.value);
  }
  return {
    epoch,
    clock,
    version: hasMore ? (page.at(-1)?.version ?? since) : Math.max(clock, since),
    hasMore,
    changes: changes as unknown as SyncChanges,
  };
}
