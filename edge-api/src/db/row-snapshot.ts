import { sql, type RawBuilder } from 'kysely';
import type { Database } from './schema.ts';

/**
 * One row as JSON text, made by SQLite inside a batch: `(SELECT json_object('id', id, ...)
 * FROM <table> WHERE id = ?)`. Used to keep the exact row a batch produced (its new version
 * included) as the stored result of a mutation; the same JS mapper then turns it into the
 * response, on the first answer and on every replay.
 */
export function rowSnapshot<Table extends keyof Database>(
  table: Table,
  columns: readonly (keyof Database[Table] & string)[],
  id: string,
): RawBuilder<string> {
  const pairs = sql.join(columns.map((column) => sql`${sql.lit(column)}, ${sql.ref(column)}`));
  return sql<string>`(SELECT json_object(${pairs}) FROM ${sql.table(table)} WHERE id = ${id})`;
}

/** The first row read by the last statement of a batch (a final SELECT of the changed row). */
export function lastRow<Row>(results: readonly { rows: Record<string, unknown>[] }[]): Row | undefined {
  return results.at(-1)?.rows[0] as Row | undefined;
}
