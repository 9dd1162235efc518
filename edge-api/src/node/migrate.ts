import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type SQLite from 'better-sqlite3';

/**
 * Applies migrations/*.sql on Node in file-name order, recording each in `d1_migrations`:
 * the same table, with the same columns, that `wrangler d1 migrations apply` keeps on D1,
 * so both runtimes agree on what has been applied.
 */
export function migrate(sqlite: SQLite.Database, dir: string): string[] {
  sqlite.exec(`CREATE TABLE IF NOT EXISTS d1_migrations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT UNIQUE,
    applied_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP
  )`);
  const applied = new Set(
    (sqlite.prepare('SELECT name FROM d1_migrations').all() as { name: string }[]).map((r) => r.name),
  );
  const pending = readdirSync(dir)
    .filter((name) => /^\d{4}_.+\.sql$/.test(name))
    .sort()
    .filter((name) => !applied.has(name));
  for (const name of pending) {
    const sql = readFileSync(join(dir, name), 'utf8');
    sqlite.transaction(() => {
      sqlite.exec(sql);
      sqlite.prepare('INSERT INTO d1_migrations (name) VALUES (?)').run(name);
    }).immediate();
  }
  return pending;
}
