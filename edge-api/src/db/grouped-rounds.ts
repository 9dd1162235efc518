/**
 * Runs many commands side by side so that together they make a bounded number of database
 * calls (docs/decisions/0055-push-query-budget.md). Used by sync push: each mutation runs the
 * very command its REST endpoint runs, unchanged; only the `db` and `batch` it is given differ.
 *
 * Every query a command makes (a Kysely read through `db`, or a `batch` of writes) waits in a
 * "round". When every command still running is waiting on the database, the round goes out as
 * ONE call of the real batch runner (one `d1.batch()` on the Worker, one transaction on Node),
 * its statements in mutation order, and each command gets its own results back. So a push
 * costs about as many calls as its longest command has steps, not steps times mutations.
 *
 * What keeps the commands' guarantees:
 * - A command's statements stay together and in order, inside one atomic call, so its
 *   conditional writes and idempotency record (decisions 0002, 0004) hold as before.
 * - Write batches go out in mutation order: mutation i's batch waits while an earlier
 *   mutation has not written yet, so a later write never overtakes an earlier one (the
 *   earlier one is in the same call, before it, or in an earlier call).
 * - A failing call (a concurrent request recorded one of these mutation ids first, or a
 *   statement error) rolls back whole. By default every command in it gets `GroupedCallFailed`
 *   (its idempotency check then answers a replay where the id was recorded meanwhile), and the
 *   caller runs the others again; with `split`, the call is halved and sent again until the
 *   failing command is alone and gets its own error, as it would have without grouping.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { CompiledQuery, Kysely } from 'kysely';
import type { BatchResult, BatchRunner } from './batch.ts';
import { kyselyOverQueries } from './query-function-kysely.ts';
import type { Database } from './schema.ts';

interface Group {
  index: number;
  write: boolean;
  queries: readonly CompiledQuery[];
  resolve(results: BatchResult[]): void;
  reject(error: unknown): void;
}

/** One grouped run: which commands are still going, what they wait for, who has written. */
class Rounds {
  private readonly running = new Set<number>();
  private readonly waiting = new Map<number, Group>();
  private readonly wrote = new Set<number>();
  private flushing = false;
  /** Database calls made (each a batch of statements), for the budget's tests and bench. */
  calls = 0;

  constructor(
    private readonly batch: BatchRunner,
    private readonly split: boolean,
  ) {}

  async run<T>(index: number, work: () => Promise<T>): Promise<T> {
    this.running.add(index);
    try {
      return await context.run({ rounds: this, index }, work);
    } finally {
      this.running.delete(index);
      this.maybeFlush();
    }
  }

  enqueue(index: number, queries: readonly CompiledQuery[], write: boolean): Promise<BatchResult[]> {
    if (queries.length === 0) return Promise.resolve([]);
    return new Promise((resolve, reject) => {
      if (this.waiting.has(index)) throw new Error('A grouped command made two database calls at once');
      this.waiting.set(index, { index, write, queries, resolve, reject });
      this.maybeFlush();
    });
  }

  private maybeFlush() {
    if (this.flushing || this.waiting.size === 0) return;
    for (const index of this.running) if (!this.waiting.has(index)) return;
    this.flushing = true;
    // After the current microtasks, so queries made in the same turn join this round.
    queueMicrotask(() => void this.flush());
  }

  private async flush() {
    const ready: Group[] = [];
    let earlierUnwritten = false;
    for (const index of [...this.running].sort((a, b) => a - b)) {
      const group = this.waiting.get(index);
      if (group && !(group.write && earlierUnwritten)) {
        ready.push(group);
        this.waiting.delete(index);
        if (group.write) this.wrote.add(index);
      }
      if (!this.wrote.has(index)) earlierUnwritten = true;
    }
    try {
      await this.send(ready);
    } finally {
      this.flushing = false;
      this.maybeFlush();
    }
  }

  /** One call for all groups; on failure, all fail (GroupedCallFailed), or with `split` halves are tried. */
  private async send(groups: Group[]): Promise<void> {
    if (groups.length === 0) return;
    let results: BatchResult[];
    try {
      this.calls += 1;
      results = await this.batch(groups.flatMap((group) => group.queries));
    } catch (error) {
      if (groups.length === 1) {
        groups[0]?.reject(error);
        return;
      }
      if (!this.split) {
        for (const group of groups) group.reject(new GroupedCallFailed(error));
        return;
      }
      const half = Math.ceil(groups.length / 2);
      await this.send(groups.slice(0, half));
      await this.send(groups.slice(half));
      return;
    }
    let offset = 0;
    for (const group of groups) {
      group.resolve(results.slice(offset, offset + group.queries.length));
      offset += group.queries.length;
    }
  }
}

/** A grouped call failed as a whole: nothing of this command was written; it may run again. */
export class GroupedCallFailed extends Error {
  constructor(cause: unknown) {
    super('A grouped database call failed; nothing of it was written', { cause });
  }
}

const context = new AsyncLocalStorage<{ rounds: Rounds; index: number }>();

function current() {
  const store = context.getStore();
  if (!store) throw new Error('A grouped query ran outside runGrouped');
  return store;
}

/** One Kysely for every grouped run (its prepared queries are compiled once). */
const groupedDb = kyselyOverQueries(async <R>(query: CompiledQuery) => {
  const { rounds, index } = current();
  const [result] = await rounds.enqueue(index, [query], false);
  return { rows: (result?.rows ?? []) as R[], numAffectedRows: BigInt(result?.changes ?? 0) };
}, 'Grouped commands');

const groupedBatch: BatchRunner = (queries) => {
  const { rounds, index } = current();
  return rounds.enqueue(index, queries, true);
};

/**
 * Runs `work(item, deps, index)` for every item side by side, with `db` and `batch` grouped
 * into shared database calls; answers in item order, plus the number of calls made.
 */
export async function runGrouped<Deps extends { db: Kysely<Database>; batch: BatchRunner }, Item, T>(
  deps: Deps,
  items: readonly Item[],
  work: (item: Item, grouped: Deps, index: number) => Promise<T>,
  options: { split?: boolean } = {},
): Promise<{ results: T[]; calls: number }> {
  const rounds = new Rounds(deps.batch, options.split ?? false);
  const grouped = { ...deps, db: groupedDb, batch: groupedBatch };
  const settled = await Promise.allSettled(items.map((item, index) => rounds.run(index, () => work(item, grouped, index))));
  const results = settled.map((outcome) => {
    if (outcome.status === 'rejected') throw outcome.reason;
    return outcome.value;
  });
  return { results, calls: rounds.calls };
}
