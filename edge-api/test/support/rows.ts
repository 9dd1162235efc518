import type { ApiTarget } from './target.ts';

/** Inserts a factory-made row through the target's own database connection. */
export async function insertRow(api: ApiTarget, table: string, row: object): Promise<void> {
  const entries = Object.entries(row).filter(([, value]) => value !== undefined);
  const columns = entries.map(([key]) => key).join(', ');
  const placeholders = entries.map(() => '?').join(', ');
  await api.sql(`INSERT INTO ${table} (${columns}) VALUES (${placeholders})`, ...entries.map(([, v]) => v));
}
