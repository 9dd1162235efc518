/**
 * The statements of POST /applications (the busiest write), compiled once (db/prepared.ts):
 * the policy applied for, the new row (answering with it as stored) and the policy's application count.
 */
import { sql } from 'kysely';
import { prepareQuery } from './prepared.ts';
import { applicationColumns } from './applications.ts';
import type { ApplicationRow } from './schema.ts';

export const policyToApplyFor = prepareQuery(1, (db, id: string) =>
  db.selectFrom('policies').select(['id', 'title', 'category']).where('id', '=', id),
);

/** The columns a new application is written with; the rest (assignment, decision, version) come later. */
type LaterColumn = 'assigned_agent' | 'assigned_at' | 'decided_at' | 'version';
export type NewApplication = Omit<ApplicationRow, LaterColumn> & { policy_id: string };

const laterColumns: ReadonlySet<string> = new Set<LaterColumn>(['assigned_agent', 'assigned_at', 'decided_at', 'version']);
const newApplicationColumns = applicationColumns.filter(
  (column): column is Exclude<(typeof applicationColumns)[number], LaterColumn> => !laterColumns.has(column),
);

/**
 * The row is inserted with the next sync version already in it, so the insert trigger only
 * moves the clock instead of writing the row a second time (migration 0145).
 */
const nextVersion = sql<number>`(SELECT version + 1 FROM sync_clock WHERE id = 1)`;

/** Answers with the row as stored (RETURNING), so the batch needs no SELECT after it. */
const insertNewApplication = prepareQuery(newApplicationColumns.length, (db, ...values: unknown[]) =>
  db
    .insertInto('applications')
    .values({
      ...(Object.fromEntries(newApplicationColumns.map((column, index) => [column, values[index]])) as unknown as NewApplication),
      version: nextVersion,
    })
    .returningAll(),
);

export const insertApplication = (db: Parameters<typeof insertNewApplication.compile>[0], row: NewApplication) =>
  insertNewApplication.compile(db, ...newApplicationColumns.map((column) => row[column] ?? null));

export const countApplicationForPolicy = prepareQuery(1, (db, policyId: string) =>
  db
    .insertInto('policy_stats')
    .values({ policy_id: policyId, application_count: 1 })
    .onConflict((oc) => oc.column('policy_id').doUpdateSet({ application_count: sql`application_count + 1` })),
);
