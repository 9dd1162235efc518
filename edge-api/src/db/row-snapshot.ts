import { sql, type RawBuilder } from 'kysely';
import type { Database } from './schema.ts';

/**
 * One row as JSON text, made by SQLite inside a batch: `(SELECT json_object('id', id, ...)
 * FROM <table> WHERE id = ?)`. Used to keep the exact row a batch produced (its new version
 * included) as the stored result of a mutation; the same JS mapper then turns it into the
 * response, on the first answer and on every replay. A description, not SQL yet: the
 * idempotency record that embeds it is compiled once per table (lib/idempotency.ts).
 */
export interface RowSnapshot {
  table: keyof Database;
  /** The same array on every call for a table (a module constant). */
  columns: readonly string[];
  id: string;
}

export function rowSnapshot<Table extends keyof Database>(
  table: Table,
  columns: readonly (keyof Database[Table] & string)[],
  id: string,
): RowSnapshot {
  return { table, columns, id };
}

/** The SQL of a snapshot, with `id` as its one parameter. */
export function rowSnapshotSql(snapshot: Omit<RowSnapshot, 'id'>, id: unknown): RawBuilder<string> {
  const pairs = sql.join(snapshot.columns.map((column) => sql`${sql.lit(column)}, ${sql.ref(column)}`));
  return sql<string>`(SELECT json_object(${pairs}) FROM ${sql.table(snapshot.table)} WHERE id = ${id})`;
}

/** The first row read by the last statement of a batch (a final SELECT of the changed row). */
export function lastRow<Row>(results: readonly { rows: Record<string, unknown>[] }[]): Row | undefined {
  return results.at(-1)?.rows[0] as Row | undefined;
}
