import type SQLite from 'better-sqlite3';

/** Enough for every distinct query the API makes; a bound keeps odd ad-hoc SQL from piling up. */
const defaultCapacity = 500;

/**
 * better-sqlite3's `prepare` parses and plans the SQL every time, about a sixth of a small
 * request's CPU (bench/api.ts). Kysely compiles the same SQL text for the same query shape, so
 * one prepared statement per SQL text can be reused: a statement keeps no state between runs
 * except while it is iterating (`busy`), and then a fresh one is prepared instead. Nothing here
 * sets raw/pluck/expand modes, so a reused statement answers exactly as a fresh one would.
 */
export function cachedStatements(sqlite: SQLite.Database, capacity = defaultCapacity) {
  const cache = new Map<string, SQLite.Statement>();
  return (sql: string): SQLite.Statement => {
    const hit = cache.get(sql);
    if (hit) {
      if (hit.busy) return sqlite.prepare(sql);
      // Most recently used last, so the first entry is the one to evict.
      cache.delete(sql);
      cache.set(sql, hit);
      return hit;
    }
    const statement = sqlite.prepare(sql);
    cache.set(sql, statement);
    if (cache.size > capacity) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
    return statement;
  };
}
