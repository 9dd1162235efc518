/**
 * Counts the calls made on a D1 binding (each `all`/`run`/`first`/`raw` of a statement, each
 * `batch`, each `exec`): what the Workers plans limit per request. Switched on only by the
 * `COUNT_D1_CALLS` variable (tests and `npm run bench -- worker`), which makes the Worker answer
 * each request's count in `X-D1-Calls`. One counter per isolate: meant for requests sent one at
 * a time, as the tests and the bench do.
 */
import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';

export const d1CallsHeader = 'X-D1-Calls';

const real = Symbol('real statement');
type Counted = D1PreparedStatement & { [real]: D1PreparedStatement };

export function countD1Calls(d1: D1Database): { d1: D1Database; calls: () => number } {
  let calls = 0;
  const wrap = (statement: D1PreparedStatement): Counted => {
    const counted = {
      [real]: statement,
      bind: (...values: unknown[]) => wrap(statement.bind(...values)),
      all: () => (calls++, statement.all()),
      run: () => (calls++, statement.run()),
      first: (column?: string) => (calls++, column === undefined ? statement.first() : statement.first(column)),
      raw: (options?: { columnNames?: boolean }) => (calls++, statement.raw(options as { columnNames: true })),
    };
    return counted as unknown as Counted;
  };
  const counted = {
    prepare: (query: string) => wrap(d1.prepare(query)),
    batch: (statements: D1PreparedStatement[]) => {
      calls++;
      return d1.batch(statements.map((statement) => (statement as Partial<Counted>)[real] ?? statement));
    },
    exec: (query: string) => (calls++, d1.exec(query)),
    dump: () => d1.dump(),
    withSession: (...args: Parameters<D1Database['withSession']>) => d1.withSession(...args),
  };
  return { d1: counted as unknown as D1Database, calls: () => calls };
}
