/**
 * The audit log: who changed what, from which state to which, and when (decisions.md: every
 * decision and role change is recorded). An audit row is never written on its own: each helper
 * returns a query to put in the SAME batch as the change it describes, so the change and its
 * record commit together or not at all.
 *
 * Two ways to tie the row to a conditional change:
 *  - `auditAfterChange` goes right AFTER the change and is written only if that statement
 *    changed exactly one row (`changes()`; triggers' own writes are not counted);
 *  - `auditBeforeChange` goes right BEFORE the change and repeats the change's own WHERE, so it
 *    can read the state the row is leaving (`from`); in one atomic batch both see the same row.
 */
import { sql, type CompiledQuery, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import { prepareQuery } from './prepared.ts';
import type { Database } from './schema.ts';

export interface AuditActor {
  id: string;
  email: string;
}

export interface AuditEntry {
  /** Who did it; null for the system (a provider's webhook, say). */
  actor: AuditActor | null;
  /** What happened, as `<thing>.<verb>`: 'application.assign', 'policy.delete', 'role.change'. */
  action: string;
  /** The table of the changed row ('applications', 'users', ...) and its id. */
  entity: string;
  entityId: string;
  from?: string | null;
  to?: string | null;
  /** ISO time of the change, from the app's clock. */
  at: string;
}

/** The row's eight values, in the order of `columns`. */
const fieldsOf = (entry: AuditEntry): unknown[] => [
  entry.actor?.id ?? null,
  entry.actor?.email ?? null,
  entry.action,
  entry.entity,
  entry.entityId,
  entry.from ?? null,
  entry.to ?? null,
  entry.at,
];

function values(entry: AuditEntry) {
  return sql.join(fieldsOf(entry).map((field) => sql`${field}`));
}

const columns = sql.raw('(actor_id, actor_email, action, entity, entity_id, from_value, to_value, at)');

/** Compiled once: every create writes one (db/prepared.ts). */
const insertAuditRow = prepareQuery(8, (_db, ...fields: unknown[]) =>
  sql`INSERT INTO audit_log ${columns} VALUES (${sql.join(fields.map((field) => sql`${field}`))})`,
);

/** For a change that always happens when its batch commits (a create). */
export function auditInsert(db: Kysely<Database>, entry: AuditEntry): CompiledQuery {
  return insertAuditRow.compile(db, ...fieldsOf(entry));
}

/** `auditAfterChange`, compiled once: every application writes one (db/prepared.ts). */
const insertAuditRowAfterChange = prepareQuery(8, (_db, ...fields: unknown[]) =>
  sql`INSERT INTO audit_log ${columns} SELECT ${sql.join(fields.map((field) => sql`${field}`))} WHERE changes() = 1`,
);

/** For a conditional create, right after it: written only if it wrote its row. */
export function auditInsertAfterChange(db: Kysely<Database>, entry: AuditEntry): CompiledQuery {
  return insertAuditRowAfterChange.compile(db, ...fieldsOf(entry));
}

/** Written only if the statement just before it in the batch changed exactly one row. */
export function auditAfterChange(db: Kysely<Database>, entry: AuditEntry): CompiledQuery {
  return sql`INSERT INTO audit_log ${columns} SELECT ${values(entry)} WHERE changes() = 1`.compile(db);
}

/**
 * Written only if `table` has a row matching `where` (the very condition of the change that
 * follows in the batch); `from` is an SQL expression over that row, read before it changes.
 */
export function auditBeforeChange(
  db: Kysely<Database>,
  entry: Omit<AuditEntry, 'from'> & { from: RawBuilder<unknown> },
  table: keyof Database,
  where: RawBuilder<unknown>,
): CompiledQuery {
  return sql`INSERT INTO audit_log ${columns}
    SELECT ${entry.actor?.id ?? null}, ${entry.actor?.email ?? null}, ${entry.action}, ${entry.entity}, ${entry.entityId},
           ${entry.from}, ${entry.to ?? null}, ${entry.at}
    FROM ${sql.table(table)} WHERE ${where}`.compile(db);
}

/** One audit row as the admin API shows it. */
export interface AuditRecord {
  id: number;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  entity: string;
  entityId: string;
  from: string | null;
  to: string | null;
  at: string;
}

export function toAuditRecord(row: Selectable<Database['audit_log']>): AuditRecord {
  return {
    id: row.id,
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    action: row.action,
    entity: row.entity,
    entityId: row.entity_id,
    from: row.from_value,
    to: row.to_value,
    at: row.at,
  };
}
