/**
 * Group commit for the Node batch runner (docs/decisions/0063-group-commit-on-node.md).
 *
 * On Node most of a write's cost is SQLite's commit: every changed page (the row, each of its
 * indexes, the audit log, the idempotency record, ...) is written to the WAL again for every
 * transaction, about a hundred kilobytes of system calls for one new application. Concurrent
 * requests mostly change the same pages (the right edge of each index), so the batches that
 * arrive while the event loop handles one round of I/O are run back to back in ONE
 * transaction, in the order they were sent, and committed once:
 *
 * - No batch is answered before the commit that makes it durable, so a caller never sees (or
 *   answers with) a write that could still be lost.
 * - A batch stays atomic. If any statement of the group fails (a raced idempotency key, a
 *   constraint), the whole transaction is rolled back, nothing of it was written, and each
 *   batch runs again alone, as it would have without grouping, so each gets its own result or
 *   error. Failures are rare, so this is cheaper than a savepoint per batch, whose journal
 *   copies every page the batch changes.
 *
 * A batch waits at most until the end of the current event-loop turn (setImmediate), so a lone
 * request is not held back by a timer.
 */
import type SQLite from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import type { BatchResult, BatchRunner } from '../db/batch.ts';

/** Runs one batch's statements, inside the transaction the caller opened. */
export type StatementRunner = (queries: readonly CompiledQuery[]) => BatchResult[];

interface Waiting {
  queries: readonly CompiledQuery[];
  resolve(results: BatchResult[]): void;
  reject(error: unknown): void;
}

export interface GroupCommitStats {
  /** Transactions committed (a group of one counts too). */
  commits: number;
  /** Batches run (a batch run again alone counts once). */
  batches: number;
}

/** Told of each flush: how many batches it ran and how long running and committing them took (metrics). */
export type CommitObserver = (batches: number, seconds: number) => void;

export function groupCommit(
  sqlite: SQLite.Database,
  runStatements: StatementRunner,
  onCommit: CommitObserver = () => {},
): BatchRunner & { stats: GroupCommitStats } {
  const stats: GroupCommitStats = { commits: 0, batches: 0 };
  const one = sqlite.transaction(runStatements);
  const group = sqlite.transaction((batches: readonly Waiting[]) =>
    batches.map((batch) => {
      const results = runStatements(batch.queries);
      // A batch that ended the transaction itself would leave the next ones in autocommit.
      if (!sqlite.inTransaction) throw new Error('A batch ended the grouped transaction');
      return results;
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
    const started = performance.now();
    const batches = queue;
    queue = [];
    try {
      flushBatches(batches);
    } finally {
      onCommit(batches.length, (performance.now() - started) / 1000);
    }
  };
  const flushBatches = (batches: Waiting[]) => {
    stats.batches += batches.length;
    // A transaction already open on this connection (a caller's own) is not ours to commit.
    if (batches.length === 1 || sqlite.inTransaction) {
      for (const batch of batches) alone(batch);
      return;
    }
    let results: BatchResult[][];
    try {
      results = group.immediate(batches);
      stats.commits += 1;
    } catch {
      // Rolled back whole: nothing of the group was written. Each batch runs again on its own.
      for (const batch of batches) alone(batch);
      return;
    }
    batches.forEach((batch, index) => batch.resolve(results[index] ?? []));
  };

  const runner = (queries: readonly CompiledQuery[]) =>
    new Promise<BatchResult[]>((resolve, reject) => {
      queue.push({ queries, resolve, reject });
      if (queue.length === 1) setImmediate(flush);
    });
  return Object.assign(runner, { stats });
}
