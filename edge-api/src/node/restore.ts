/**
 * `npm run restore -- <backup file>`: puts a backup (`npm run backup`) in place of the database
 * of a stopped server, in DATA_DIR (decision 0080). It refuses:
 * - a file that is not a whole SQLite database of this product's schema (integrity check, the
 *   migrations table, no migration this code does not know: a newer version's backup);
 * - a data folder whose database is open, i.e. a running server (it would keep writing to the
 *   file it has open, and the restore would be lost or torn).
 * The database it replaces is kept beside it (insurance.sqlite.before-restore-<time>), never
 * deleted. The restored copy gets a new sync epoch, as a backup does, so every client of the old
 * server pulls afresh once instead of missing what the restore undid (decision 0020).
 */
import SQLite from 'better-sqlite3';
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrationsDir } from './node.ts';

/** Tables the server cannot start without; a database lacking one is not of this product. */
const requiredTables = ['d1_migrations', 'sync_clock', 'users', 'policies', 'applications', 'images'];

export class RestoreRefused extends Error {}

/** Why `file` is not a backup this code can start from; undefined when it is one. */
export function backupProblem(file: string, migrations = migrationsDir): string | undefined {
  if (!existsSync(file)) return `${file} does not exist`;
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
    const check = String(db.pragma('integrity_check', { simple: true }));
    if (check !== 'ok') return `it fails SQLite's integrity check (${check})`;
    const tables = new Set((db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((t) => t.name));
    const missing = requiredTables.filter((table) => !tables.has(table));
    if (missing.length) return `it has no ${missing.join(', ')} table${missing.length > 1 ? 's' : ''}: not a database of this product`;
    const known = new Set(readdirSync(migrations).filter((name) => name.endsWith('.sql')));
    const unknown = (db.prepare('SELECT name FROM d1_migrations').all() as { name: string }[]).map((m) => m.name).filter((name) => !known.has(name));
    if (unknown.length) return `it has migrations this version does not know (${unknown.join(', ')}): restore it with the version that made it`;
    return undefined;
  } catch (error) {
    // SQLite's own words: "file is not a database", "database disk image is malformed".
    return `SQLite cannot read it (${error instanceof Error ? error.message : String(error)})`;
  } finally {
    db?.close();
  }
}

/**
 * Takes the database's write lock for good (exclusive locking mode): it fails at once while any
 * other connection, a running server's, has the file open. Holding it, the WAL is folded into the
 * file, so the file set aside is whole on its own.
 */
function closeStoppedDatabase(file: string) {
  const db = new SQLite(file, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 0');
    db.pragma('locking_mode = EXCLUSIVE');
    try {
      db.exec('BEGIN EXCLUSIVE; COMMIT');
    } catch {
      throw new RestoreRefused(`The database in ${resolve(file, '..')} is in use: stop the server first`);
    }
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}

export interface Restored {
  database: string;
  /** The database that was replaced, kept beside it; undefined when the folder had none. */
  keptAside?: string;
}

export function restoreDatabase(dataDir: string, backupFile: string): Restored {
  const backup = resolve(backupFile);
  const problem = backupProblem(backup);
  if (problem) throw new RestoreRefused(`${backup} is not a valid backup of this database: ${problem}`);
  mkdirSync(dataDir, { recursive: true });
  const database = join(dataDir, 'insurance.sqlite');
  if (existsSync(database)) closeStoppedDatabase(database);

  // Copied and changed under another name, then renamed into place: a restore cut short leaves
  // the old database as it was, never half a new one.
  const incoming = `${database}.restoring`;
  copyFileSync(backup, incoming);
  const copy = new SQLite(incoming, { fileMustExist: true });
  try {
    copy.prepare('UPDATE sync_clock SET epoch = lower(hex(randomblob(8))) WHERE id = 1').run();
    // A rollback journal, not the WAL, while it is only a file: the server switches it back on start.
    copy.pragma('journal_mode = DELETE');
  } finally {
    copy.close();
  }

  let keptAside: string | undefined;
  if (existsSync(database)) {
    keptAside = `${database}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(database, keptAside);
  }
  // Left by the replaced database (checkpointed above): applied to the new file they would corrupt it.
  for (const suffix of ['-wal', '-shm']) rmSync(`${database}${suffix}`, { force: true });
  renameSync(incoming, database);
  return { database, keptAside };
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const dataDir = resolve(process.env.DATA_DIR ?? './data');
  const file = process.argv[2];
  try {
    if (!file) throw new RestoreRefused('Usage: npm run restore -- <backup file>   (restores into DATA_DIR, default ./data)');
    const { database, keptAside } = restoreDatabase(dataDir, file);
    console.log(`Restored ${resolve(file)} into ${database}`);
    if (keptAside) console.log(`The database it replaced is kept as ${keptAside}`);
    console.log('Start the server; every client pulls its data afresh once (new sync epoch).');
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
