import SQLite from 'better-sqlite3';
import { sql, type CompiledQuery } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { groupCommit } from './group-commit.ts';

let sqlite: SQLite.Database;
const query = (text: string, ...parameters: unknown[]): CompiledQuery =>
  ({ sql: text, parameters, query: sql``.toOperationNode(), queryId: { queryId: '' } }) as unknown as CompiledQuery;
const runner = () =>
  groupCommit(sqlite, (queries) =>
    queries.map((q) => {
      const statement = sqlite.prepare(q.sql);
      if (statement.reader) return { changes: 0, rows: statement.all(...q.parameters) as Record<string, unknown>[] };
      return { changes: statement.run(...q.parameters).changes, rows: [] };
    }),
  );
const names = () => (sqlite.prepare('SELECT name FROM things ORDER BY name').all() as { name: string }[]).map((r) => r.name);

beforeEach(() => {
  sqlite = new SQLite(':memory:');
  sqlite.exec('CREATE TABLE things (name TEXT PRIMARY KEY, n INTEGER NOT NULL DEFAULT 0)');
});
afterEach(() => sqlite.close());

describe('group commit', () => {
  it('runs the batches sent together in one transaction, in order, each with its own results', async () => {
    const batch = runner();
    const results = await Promise.all(
      ['a', 'b', 'c'].map((name) =>
        batch([query('INSERT INTO things (name) VALUES (?)', name), query('SELECT count(*) AS n FROM things')]),
      ),
    );
    expect(results.map((r) => r[1]?.rows[0])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(results.map((r) => r[0]?.changes)).toEqual([1, 1, 1]);
    expect(batch.stats).toEqual({ commits: 1, batches: 3 });
    expect(names()).toEqual(['a', 'b', 'c']);
  });

  it('answers only after the commit: a batch is visible once its promise settles', async () => {
    const batch = runner();
    const pending = batch([query('INSERT INTO things (name) VALUES (?)', 'x')]);
    // Sent, not yet run: the transaction waits for the end of this event-loop turn.
    expect(names()).toEqual([]);
    await pending;
    expect(sqlite.inTransaction).toBe(false);
    expect(names()).toEqual(['x']);
  });

  it('a failing batch leaves nothing behind and gets its own error; the others commit', async () => {
    const batch = runner();
    const [first, failing, last] = await Promise.allSettled([
      batch([query('INSERT INTO things (name) VALUES (?)', 'a')]),
      // Its first statement succeeds, its second breaks the primary key: neither may stay.
      batch([query('INSERT INTO things (name) VALUES (?)', 'b'), query('INSERT INTO things (name) VALUES (?)', 'a')]),
      batch([query('UPDATE things SET n = n + 1 WHERE name = ?', 'a'), query('INSERT INTO things (name) VALUES (?)', 'c')]),
    ]);
    expect(first.status).toBe('fulfilled');
    expect(failing.status).toBe('rejected');
    expect(String((failing as PromiseRejectedResult).reason)).toMatch(/UNIQUE constraint failed/);
    expect(last.status).toBe('fulfilled');
    expect(names()).toEqual(['a', 'c']);
    expect(sqlite.prepare("SELECT n FROM things WHERE name = 'a'").get()).toEqual({ n: 1 });
    // The group was rolled back and each batch ran again alone: two commits.
    expect(batch.stats.commits).toBe(2);
  });

  it('when the whole transaction is lost, each batch runs again alone and gets its own outcome', async () => {
    const batch = runner();
    const [before, breaker, after] = await Promise.allSettled([
      batch([query('INSERT INTO things (name) VALUES (?)', 'a')]),
      // Ends the group's transaction from inside, as an error SQLite answers with a full rollback does.
      batch([query('INSERT INTO things (name) VALUES (?)', 'b'), query('ROLLBACK')]),
      batch([query('INSERT INTO things (name) VALUES (?)', 'c')]),
    ]);
    expect(before.status).toBe('fulfilled');
    expect(breaker.status).toBe('rejected');
    expect(after.status).toBe('fulfilled');
    expect(names()).toEqual(['a', 'c']);
    expect(sqlite.inTransaction).toBe(false);
  });

  it('a lone batch commits on its own', async () => {
    const batch = runner();
    await batch([query('INSERT INTO things (name) VALUES (?)', 'solo')]);
    await batch([query('INSERT INTO things (name) VALUES (?)', 'next')]);
    expect(batch.stats).toEqual({ commits: 2, batches: 2 });
  });
});
