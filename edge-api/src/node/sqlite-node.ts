import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { BatchRunner } from '../db/batch.ts';
import type { Database } from '../db/schema.ts';
import { groupCommit, type CommitObserver } from './group-commit.ts';
import { cachedStatements } from './statement-cache.ts';

export interface NodeDatabase {
  db: Kysely<Database>;
  batch: BatchRunner;
  sqlite: SQLite.Database;
  close(): Promise<void>;
}

/** Opens the SQLite file the way the server needs it: WAL, a busy timeout, foreign keys on, writes kept cheap. */
export function openSqlite(file: string): SQLite.Database {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  // A statement's rollback journal (an insert with triggers, in a grouped transaction) stays in
  // memory instead of spilling to a new temporary file per transaction (decision 0063).
  sqlite.pragma('temp_store = MEMORY');
  // Checkpoint every ~16 MB of WAL instead of ~4 MB: the hot pages (index right edges, the sync
  // clock) are copied back once per checkpoint however often they changed, and each checkpoint
  // waits for two fsyncs on the event loop (decision 0063).
  sqlite.pragma('wal_autocheckpoint = 4000');
  // Up to 64 MB of pages cached instead of SQLite's 2 MB: the indexes on random keys (an
  // application's id, a client's mutation id) are read at a random leaf by every write, and
  // each miss is a read system call (decision 0063).
  sqlite.pragma('cache_size = -65536');
  return sqlite;
}

export function createNodeDatabase(file: string, onCommit?: CommitObserver): NodeDatabase {
  const sqlite = openSqlite(file);
  const prepare = cachedStatements(sqlite);
  // Kysely only calls prepare and close on the database it is given.
  const database = { prepare, close: () => sqlite.close() };
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  // Concurrent requests' batches share one commit, run back to back in one transaction (group-commit.ts).
  const batch = groupCommit(sqlite, (queries) =>
    queries.map((query) => {
      const statement = prepare(query.sql);
      const params = query.parameters as unknown[];
      if (statement.reader) {
        return { changes: 0, rows: statement.all(...params) as Record<string, unknown>[] };
      }
      const info = statement.run(...params);
      return { changes: info.changes, rows: [] };
    }),
    onCommit,
  );
  return {
    db,
    batch,
    sqlite,
    close: async () => {
      await db.destroy();
    },
  };
}
