/**
 * Reads a Node installation (DATA_DIR: insurance.sqlite and images/) for the move to D1 and R2:
 * every data row as SQL for `wrangler d1 execute --file`, and the list of image files.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sqlLiteral } from './sql-text.ts';

/** Kept by each side for itself: migration bookkeeping, SQLite's own, D1's own. */
const skipped = (table: string) => table === 'd1_migrations' || table.startsWith('sqlite_') || table.startsWith('_cf_');

const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Tables the migrations themselves fill (product content such as the FAQ): the D1 side has those rows already. */
function tablesFilledByMigrations(migrationsDir: string): Set<string> {
  const tables = new Set<string>();
  for (const file of readdirSync(migrationsDir).filter((name) => name.endsWith('.sql'))) {
    for (const match of readFileSync(join(migrationsDir, file), 'utf8').matchAll(/^\s*INSERT\s+INTO\s+"?(\w+)"?/gim)) tables.add(match[1]!.toLowerCase());
  }
  return tables;
}

/** Parents before children, so foreign keys hold at every statement. */
function inDependencyOrder(sqlite: SQLite.Database, tables: string[]): string[] {
  const parents = new Map(
    tables.map((table) => [
      table,
      (sqlite.prepare(`PRAGMA foreign_key_list(${quoteName(table)})`).all() as { table: string }[]).map((fk) => fk.table).filter((t) => t !== table),
    ]),
  );
  const ordered: string[] = [];
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table) || path.has(table) || !parents.has(table)) return;
    path.add(table);
    for (const parent of parents.get(table) ?? []) visit(parent, path);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

export interface NodeExport {
  sql: string;
  rowCount: number;
  images: { name: string; file: string; contentType: string }[];
}

export function exportNodeInstallation(dataDir: string, migrationsDir: string): NodeExport {
  const file = join(dataDir, 'insurance.sqlite');
  if (!existsSync(file)) throw new Error(`No Node installation at ${dataDir} (no insurance.sqlite)`);
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const applied = (sqlite.prepare('SELECT name FROM d1_migrations ORDER BY name').all() as { name: string }[]).map((row) => row.name);
    const known = readdirSync(migrationsDir).filter((name) => /^\d{4}_.+\.sql$/.test(name)).sort();
    const missing = known.filter((name) => !applied.includes(name));
    if (missing.length) throw new Error(`The installation lacks migrations ${missing.join(', ')}: start it once with this version first.`);

    const fromMigrations = tablesFilledByMigrations(migrationsDir);
    const tables = (sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[])
      .map((row) => row.name)
      .filter((name) => !skipped(name) && name !== 'sync_clock');
    const lines = ['-- A Node installation exported by `npm run export-to-d1`, for a freshly migrated D1.', 'PRAGMA defer_foreign_keys = on;'];
    let rowCount = 0;
    for (const table of inDependencyOrder(sqlite, tables)) {
      const verb = fromMigrations.has(table.toLowerCase()) ? 'INSERT OR IGNORE' : 'INSERT';
      for (const row of sqlite.prepare(`SELECT * FROM ${quoteName(table)}`).iterate() as IterableIterator<Record<string, unknown>>) {
        const columns = Object.keys(row);
        lines.push(`${verb} INTO ${quoteName(table)} (${columns.map(quoteName).join(', ')}) VALUES (${columns.map((c) => sqlLiteral(row[c])).join(', ')});`);
        rowCount++;
      }
    }
    // Inserting re-stamped every synced row; the clock must also stay above every kept tombstone.
    const clock = (sqlite.prepare('SELECT version FROM sync_clock WHERE id = 1').get() as { version: number } | undefined)?.version ?? 0;
    lines.push(`UPDATE sync_clock SET version = max(version, ${clock}, (SELECT coalesce(max(version), 0) FROM tombstones)) WHERE id = 1;`);

    const imagesDir = join(dataDir, 'images');
    const images = existsSync(imagesDir)
      ? readdirSync(imagesDir)
          .filter((name) => !name.endsWith('.type'))
          .map((name) => {
            const typeFile = join(imagesDir, `${name}.type`);
            const contentType = existsSync(typeFile) ? readFileSync(typeFile, 'utf8').trim() : 'application/octet-stream';
            return { name, file: join(imagesDir, name), contentType };
          })
      : [];
    return { sql: lines.join('\n') + '\n', rowCount, images };
  } finally {
    sqlite.close();
  }
}
