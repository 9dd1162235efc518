/**
 * Queries of the hottest endpoints, built and compiled by Kysely once instead of per request
 * (building and compiling cost about as much as running the statement: issue 17). The query is
 * built with stand-in values; their places among the compiled parameters are found once, and
 * each run swaps the real values in. The SQL text stays the same, so the Node driver's
 * statement cache (statement-cache.ts) also reuses the prepared statement.
 */
import type { CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { Database } from './schema.ts';

/**
 * How a driver runs one compiled statement itself, without Kysely's executor. That executor
 * (connection provider, the SQLite driver's connection lock, result plugins) cost a few µs per
 * statement, about 20 µs of a POST /applications (issue 32), for no work of its own here: the
 * app opens no Kysely transaction (writes go through the BatchRunner, decision 0002).
 */
export type RunCompiled = <Row>(query: CompiledQuery<Row>) => Promise<QueryResult<Row>>;

const directRunners = new WeakMap<Kysely<Database>, RunCompiled>();

/**
 * Called by each driver's set-up (node/sqlite-node.ts, worker/d1.ts) for the Kysely it made:
 * prepared queries on that database then run through `run`. A database without one (a test's
 * own Kysely, say) keeps running them through Kysely.
 */
export function runPreparedDirectly(db: Kysely<Database>, run: RunCompiled): void {
  directRunners.set(db, run);
}

/** A query builder, or raw SQL (`sql\`...\``), which compiles with the database it is given. */
interface Compilable<Row> {
  compile(db: Kysely<Database>): CompiledQuery<Row>;
}

/** A stand-in value no real argument can equal (an object, compared by identity). */
class Slot {
  constructor(readonly index: number) {}
}

interface Compiled<Row> {
  query: CompiledQuery<Row>;
  /** For each compiled parameter: the argument it takes, or -1 to keep the compiled value. */
  sources: number[];
}

export interface PreparedQuery<Args extends unknown[], Row> {
  /** The compiled query with these values, e.g. for a batch. */
  compile(db: Kysely<Database>, ...args: Args): CompiledQuery<Row>;
  execute(db: Kysely<Database>, ...args: Args): Promise<QueryResult<Row>>;
}

/**
 * `build` receives one stand-in per argument and returns the query using them as plain values
 * (in `where`, `values`, ...). Compiled once per database instance.
 */
export function prepareQuery<Args extends unknown[], Row>(
  arity: Args['length'],
  build: (db: Kysely<Database>, ...slots: Args) => Compilable<Row>,
): PreparedQuery<Args, Row> {
  const cache = new WeakMap<Kysely<Database>, Compiled<Row>>();
  const compile = (db: Kysely<Database>, ...args: Args): CompiledQuery<Row> => {
    let compiled = cache.get(db);
    if (!compiled) {
      const slots = Array.from({ length: arity }, (_, index) => new Slot(index)) as unknown as Args;
      const query = build(db, ...slots).compile(db);
      const sources = query.parameters.map((value) => (value instanceof Slot ? value.index : -1));
      if (new Set(sources.filter((source) => source >= 0)).size !== arity) {
        throw new Error(`A prepared query must use each of its ${arity} arguments as a parameter: ${query.sql}`);
      }
      compiled = { query, sources };
      cache.set(db, compiled);
    }
    const { query, sources } = compiled;
    // Named, not spread: V8 makes a spread-and-extended object slowly (microseconds per query).
    return {
      query: query.query,
      queryId: query.queryId,
      sql: query.sql,
      parameters: sources.map((source, position) => (source < 0 ? query.parameters[position] : args[source])),
    };
  };
  const execute = (db: Kysely<Database>, ...args: Args): Promise<QueryResult<Row>> => {
    const query = compile(db, ...args);
    const run = directRunners.get(db);
    return run ? run(query) : db.executeQuery<Row>(query);
  };
  return { compile, execute };
}
