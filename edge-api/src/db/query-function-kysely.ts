/**
 * A Kysely whose every query goes to one function, for databases Kysely has no connection
 * for: the grouped rounds of a sync push (grouped-rounds.ts) and D1 reached through wrangler
 * (scripts/operator). Neither has interactive transactions: their writes go through a
 * BatchRunner instead, so beginning one is an error that says so.
 */
import {
  Kysely,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';
import type { Database } from './schema.ts';

export type RunQuery = <R>(query: CompiledQuery) => Promise<QueryResult<R>>;

/** `where` names the database in the errors (for example 'Grouped commands'). */
export function kyselyOverQueries(run: RunQuery, where: string): Kysely<Database> {
  const connection: DatabaseConnection = {
    executeQuery: run,
    // eslint-disable-next-line require-yield
    async *streamQuery() {
      throw new Error(`${where}: queries cannot stream`);
    },
  };
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: async () => {
      throw new Error(`${where}: no interactive transactions, write with the batch runner`);
    },
    commitTransaction: async () => {},
    rollbackTransaction: async () => {},
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  return new Kysely<Database>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => driver,
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  });
}
