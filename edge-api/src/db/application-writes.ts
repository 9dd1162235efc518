/**
 * The statements of POST /applications (the busiest write), compiled once (db/prepared.ts):
 * the policy applied for, the new row (answering with it as stored, or refused by its limits) and
 * the policy's count of applicants.
 */
import { sql } from 'kysely';
import { prepareQuery } from './prepared.ts';
import { applicationColumns } from './applications.ts';
import type { ApplicationRow } from './schema.ts';

export const policyToApplyFor = prepareQuery(1, (db, id: string) =>
  db.selectFrom('policies').select(['id', 'title', 'title_bn', 'category', 'min_age', 'max_age', 'coverage_range', 'duration', 'withdrawn_at']).where('id', '=', id),
);

/** The columns a new application is written with; the rest (assignment, decision, version) come later. */
type LaterColumn = 'assigned_agent' | 'assigned_at' | 'decided_at' | 'rejection_reason' | 'rejection_note' | 'version';
export type NewApplication = Omit<ApplicationRow, LaterColumn> & { policy_id: string };

const laterColumns: ReadonlySet<string> = new Set<LaterColumn>(['assigned_agent', 'assigned_at', 'decided_at', 'rejection_reason', 'rejection_note', 'version']);
const newApplicationColumns = applicationColumns.filter(
  (column): column is Exclude<(typeof applicationColumns)[number], LaterColumn> => !laterColumns.has(column),
);

/**
 * The row is inserted with the next sync version already in it, so the insert trigger only
 * moves the clock instead of writing the row a second time (migration 0145).
 */
const nextVersion = sql<number>`(SELECT version + 1 FROM sync_clock WHERE id = 1)`;

const userColumn = newApplicationColumns.indexOf('user_id');
const policyColumn = newApplicationColumns.indexOf('policy_id');

/** The limits a new application must keep (decision 0068): checked by the insert itself. */
export interface ApplicationLimits {
  /** Open (pending or assigned) applications of this person for this policy, before this one. */
  maxOpen: number;
  /** The person's window in rate_limits, counted earlier in the same batch, and its maximum. */
  rateKey: string;
  maxHits: number;
}

/**
 * One conditional INSERT ... SELECT: the row is written only while the person holds fewer than
 * `maxOpen` open applications for the policy and their window is within its limit. It is one
 * statement, so parallel applications are counted one after the other on both runtimes (no
 * read-then-write gap); answers with the row as stored (RETURNING), or with nothing if refused.
 */
const insertNewApplication = prepareQuery(newApplicationColumns.length + 3, (_db, ...values: unknown[]) => {
  const [maxOpen, rateKey, maxHits] = values.slice(newApplicationColumns.length);
  return sql<ApplicationRow>`INSERT INTO ${sql.table('applications')} (${sql.join(newApplicationColumns.map((column) => sql.ref(column)))}, version)
    SELECT ${sql.join(values.slice(0, newApplicationColumns.length).map((value) => sql`${value}`))}, ${nextVersion}
    WHERE (SELECT count(*) FROM applications
           WHERE user_id = ${values[userColumn]} AND policy_id = ${values[policyColumn]} AND status IN ('pending', 'assigned')) < ${maxOpen}
      AND (SELECT hits FROM rate_limits WHERE key = ${rateKey}) <= ${maxHits}
    RETURNING *`;
});

export const insertApplication = (db: Parameters<typeof insertNewApplication.compile>[0], row: NewApplication, limits: ApplicationLimits) =>
  insertNewApplication.compile(db, ...newApplicationColumns.map((column) => row[column] ?? null), limits.maxOpen, limits.rateKey, limits.maxHits);

/**
 * Popularity counts people, not applications (issue 24): the policy's count rises only with a
 * person's first application for it among those they hold, and only if the new row was written.
 */
export const countApplicantForPolicy = prepareQuery(3, (_db, policyId: string, userId: string, applicationId: string) =>
  sql`INSERT INTO policy_stats (policy_id, application_count)
    SELECT ${policyId}, 1
    WHERE EXISTS (SELECT 1 FROM applications WHERE id = ${applicationId})
      AND NOT EXISTS (SELECT 1 FROM applications WHERE user_id = ${userId} AND policy_id = ${policyId} AND id <> ${applicationId})
    ON CONFLICT (policy_id) DO UPDATE SET application_count = application_count + 1`,
);
