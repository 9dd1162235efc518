import type { CompiledQuery } from 'kysely';

export interface BatchResult {
  /**
   * Rows changed by the statement. On Node this is the statement's own rows; D1 also counts
   * the rows its triggers wrote (the sync stamps), so compare with 0 only, or use RETURNING.
   */
  changes: number;
  rows: Record<string, unknown>[];
}

/**
 * Runs several statements atomically, in order: all take effect or none do. D1 has no
 * interactive transactions, only batches, so every multi-statement write goes through this;
 * on Node it is a better-sqlite3 transaction. Statements cannot read each other's results
 * from JavaScript, but SQL can (sub-selects, `changes()`), which is how conditional writes
 * chain: see docs/decisions/0002-conditional-writes.md.
 */
export type BatchRunner = (queries: readonly CompiledQuery[]) => Promise<BatchResult[]>;
