/**
 * Group commit for the Node batch runner (docs/decisions/0063-group-commit-on-node.md).
 *
 * On Node most of a write's cost is SQLite's commit: every changed page (the row, each of its
 * indexes, the audit log, the idempotency record, ...) is written to the WAL again for every
 * transaction, about a hundred kilobytes of system calls for one new application. Concurrent
 * requests mostly change the same pages (the right edge of each index), so the batches that
 * arrive while the event loop handles one round of I/O are run in ONE transaction, each inside
 * its own savepoint, and committed once:
 *
 * - A batch stays atomic: a statement that fails rolls back its savepoint only, and that batch
 *   alone gets the error; the others commit as if it had never been sent.
 * - No batch is answered before the commit that makes it durable, so a caller never sees (or
 *   answers with) a write that could still be lost.
 * - Batches run in the order they were sent, as they would one after the other.
 * - If the transaction as a whole fails (the commit, or an error SQLite answers by rolling back
 *   everything), nothing of it was written, and each batch runs again alone, as it would have
 *   without grouping, so each gets its own result or error.
 *
 * A batch waits at most until the end of the current event-loop turn (setImmediate), so a lone
 * request is not held back by a timer.
 */
import type SQLite from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import type { BatchResult, BatchRunner } from './batch.ts';

/** Runs one batch's statements, in the transaction or savepoint the caller opened. */
export type StatementRunner = (queries: readonly CompiledQuery[]) => BatchResult[];

interface Waiting {
  queries: readonly CompiledQuery[];
  resolve(results: BatchResult[]): void;
  reject(error: unknown): void;
}

type Settled = { ok: true; results: BatchResult[] } | { ok: false; error: unknown };

/** Thrown inside the group when SQLite has rolled back the whole transaction: all must run again. */
class TransactionLost extends Error {}

export interface GroupCommitStats {
  /** Transactions committed (a group of one counts too). */
  commits: number;
  /** Batches run. */
  batches: number;
}

export function groupCommit(sqlite: SQLite.Database, runStatements: StatementRunner): BatchRunner & { stats: GroupCommitStats } {
  const stats: GroupCommitStats = { commits: 0, batches: 0 };
  // better-sqlite3 turns a transaction function called inside a transaction into a savepoint.
  const one = sqlite.transaction(runStatements);
  const group = sqlite.transaction((batches: readonly Waiting[]): Settled[] =>
    batches.map((batch) => {
      try {
        return { ok: true, results: one(batch.queries) };
      } catch (error) {
        // Some errors (a full disk, say) make SQLite roll back everything, not the statement.
        if (!sqlite.inTransaction) throw new TransactionLost('The grouped transaction was rolled back', { cause: error });
        return { ok: false, error };
      }
    }),
  );

  const alone = (batch: Waiting) => {
    try {
      const results = one.immediate(batch.queries);
      stats.commits += 1;
      batch.resolve(results);
    } catch (error) {
      batch.reject(error);
    }
  };

  let queue: Waiting[] = [];
  const flush = () => {
    const batches = queue;
    queue = [];
    stats.batches += batches.length;
    // A transaction already open on this connection (a caller's own) is not ours to commit.
    if (batches.length === 1 || sqlite.inTransaction) {
      for (const batch of batches) alone(batch);
      return;
    }
    let settled: Settled[];
    try {
      settled = group.immediate(batches);
      stats.commits += 1;
    } catch {
      // Nothing of the group was written: each batch runs again on its own.
      for (const batch of batches) alone(batch);
      return;
    }
    batches.forEach((batch, index) => {
      const outcome = settled[index];
      if (outcome?.ok) batch.resolve(outcome.results);
      else batch.reject(outcome?.error);
    });
  };

  const runner = (queries: readonly CompiledQuery[]) =>
    new Promise<BatchResult[]>((resolve, reject) => {
      queue.push({ queries, resolve, reject });
      if (queue.length === 1) setImmediate(flush);
    });
  return Object.assign(runner, { stats });
}
