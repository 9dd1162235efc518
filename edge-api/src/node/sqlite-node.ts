import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { BatchRunner } from '../db/batch.ts';
import { runPreparedDirectly } from '../db/prepared.ts';
import type { Database } from '../db/schema.ts';
import { groupCommit, type CommitObserver } from './group-commit.ts';
import { cachedStatements } from './statement-cache.ts';

export interface NodeDatabase {
  db: Kysely<Database>;
  batch: BatchRunner;
  sqlite: SQLite.Database;
  close(): Promise<void>;
}

/**
 * How a commit reaches the disk (decision 0075). FULL: every commit waits for the WAL's fsync, so
 * a write that was answered survives a power cut or an OS crash, not only a process crash, as
 * with NORMAL. Group commit (group-commit.ts) makes that one fsync per group of requests.
 * NORMAL is accepted only so that `npm run bench -- durability` can measure what FULL costs.
 */
export type Synchronous = 'FULL' | 'EXTRA' | 'NORMAL';
export const durableSynchronous: Synchronous = 'FULL';

export function readSynchronous(value: string | undefined): Synchronous {
  const chosen = (value ?? durableSynchronous).toUpperCase();
  if (chosen === 'FULL' || chosen === 'EXTRA' || chosen === 'NORMAL') return chosen;
  throw new Error(`SQLITE_SYNCHRONOUS must be FULL, EXTRA or NORMAL, not "${value}"`);
}

/** SQLite's numbers for PRAGMA synchronous, as the connection reports it. */
export const synchronousLevels: Record<Synchronous, number> = { NORMAL: 1, FULL: 2, EXTRA: 3 };

const openConnections = new Set<SQLite.Database>();

/** Every connection openSqlite opened in this process and that is still open: what tests check. */
export function liveConnections(): SQLite.Database[] {
  for (const connection of openConnections) if (!connection.open) openConnections.delete(connection);
  return [...openConnections];
}

/** Opens the SQLite file the way the server needs it: WAL, a busy timeout, foreign keys on, durable commits kept cheap. */
export function openSqlite(file: string, synchronous: Synchronous = durableSynchronous): SQLite.Database {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`synchronous = ${synchronous}`);
  openConnections.add(sqlite);
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

export function createNodeDatabase(file: string, synchronous: Synchronous = durableSynchronous, onCommit?: CommitObserver): NodeDatabase {
  const sqlite = openSqlite(file, synchronous);
  const prepare = cachedStatements(sqlite);
  // Kysely only calls prepare and close on the database it is given.
  const database = { prepare, close: () => sqlite.close() };
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  // The hot paths' prepared queries go straight to the statement, answering as Kysely's SQLite
  // driver does (db/prepared.ts). Inside a transaction someone opened through Kysely they wait
  // for its connection lock like any Kysely query, so they never join that transaction.
  runPreparedDirectly(db, (query) => {
    if (sqlite.inTransaction) return db.executeQuery(query);
    try {
      const statement = prepare(query.sql);
      const params = query.parameters as unknown[];
      if (statement.reader) return Promise.resolve({ rows: statement.all(params) as never[] });
      const { changes, lastInsertRowid } = statement.run(params);
      return Promise.resolve({ rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) });
    } catch (error) {
      return Promise.reject(error as Error);
    }
  });
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
