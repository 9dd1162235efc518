/**
 * Policy views, counted in memory and written to policy_stats in batches (decision 0061): a
 * view was two database writes on the busiest read (its per-client window in rate_limits and
 * the policy_stats upsert). Both now live here, per process on Node and per isolate on the
 * Worker. The per-client view limit only decides whether a view counts; it never refuses a
 * request, so it may be approximate in ways the security limits (lib/rate-limit.ts) may not.
 * The entries decide when to write: Node on a timer and at shutdown (node.ts), the Worker in
 * `waitUntil` after a request that finds the batch due (worker.ts), and both whenever the
 * catalogue compares popularity (db/policy-catalogue.ts).
 */
import { sql, type Kysely } from 'kysely';
import type { RateLimit, ViewCountingSettings } from '../http/config.ts';
import type { Database } from '../db/schema.ts';

export interface ViewCounter {
  /** Counts one view of `policyId` by `client` unless the client is past its limit; true if counted. */
  count(policyId: string, client: string): boolean;
  /** Views of `policyId` counted here and not yet written (the database count lacks them). */
  unwritten(policyId: string): number;
  /** True when the batch should be written now (old or large enough). */
  due(): boolean;
  /** Writes every view counted so far; resolves once they are in the database (or put back after a failure). */
  flush(): Promise<void>;
}

type Write = (counts: ReadonlyMap<string, number>) => Promise<void>;

interface Window {
  start: number;
  hits: number;
}

export function createViewCounter(write: Write, limit: RateLimit, settings: ViewCountingSettings, now: () => number): ViewCounter {
  const windowMs = limit.windowSeconds * 1000;
  // Insertion order is window-start order (a renewed window is moved to the end), so expired
  // windows are always at the front and pruning them costs nothing per view.
  const windows = new Map<string, Window>();
  let pending = new Map<string, number>();
  let pendingViews = 0;
  let oldestAt = 0;
  let writing: ReadonlyMap<string, number> = new Map();
  let running: Promise<void> | null = null;

  function allowed(client: string, at: number): boolean {
    for (const [key, window] of windows) {
      if (window.start > at - windowMs) break;
      windows.delete(key);
    }
    const window = windows.get(client);
    if (window) return ++window.hits <= limit.max;
    if (windows.size >= settings.maxClients) {
      const oldest = windows.keys().next().value;
      if (oldest !== undefined) windows.delete(oldest);
    }
    windows.set(client, { start: at, hits: 1 });
    return limit.max >= 1;
  }

  function putBack(counts: ReadonlyMap<string, number>) {
    for (const [id, views] of counts) {
      pending.set(id, (pending.get(id) ?? 0) + views);
      pendingViews += views;
    }
    if (counts.size && !oldestAt) oldestAt = now();
  }

  async function writeBatch(batch: ReadonlyMap<string, number>) {
    try {
      await write(batch);
    } catch (error) {
      // Kept for the next batch: a busy or unreachable database must not lose the views.
      console.error('Writing counted policy views failed; they will be retried:', error);
      putBack(batch);
    } finally {
      writing = new Map();
      running = null;
    }
  }

  async function flush(): Promise<void> {
    // One batch at a time, so `unwritten` never counts a view twice or misses one being written.
    while (running) await running;
    if (!pending.size) return;
    const batch = pending;
    pending = new Map();
    pendingViews = 0;
    oldestAt = 0;
    writing = batch;
    running = writeBatch(batch);
    await running;
  }

  return {
    count(policyId, client) {
      const at = now();
      if (!allowed(client, at)) return false;
      if (!pending.size) oldestAt = at;
      pending.set(policyId, (pending.get(policyId) ?? 0) + 1);
      pendingViews += 1;
      return true;
    },
    unwritten: (policyId) => (pending.get(policyId) ?? 0) + (writing.get(policyId) ?? 0),
    due: () => pending.size > 0 && (pendingViews >= settings.batchSize || now() - oldestAt >= settings.flushMs),
    flush,
  };
}

/**
 * One statement for the whole batch, whatever its size: the counts go in as one JSON object.
 * A policy deleted since its views were counted is skipped by the join (its stats row went
 * with it), so a deletion can never make a batch fail.
 */
export function writeViews(db: Kysely<Database>): Write {
  return async (counts) => {
    if (!counts.size) return;
    const json = JSON.stringify(Object.fromEntries(counts));
    // "WHERE true": SQLite needs it to tell the upsert's ON CONFLICT from a join constraint.
    await sql`
      INSERT INTO policy_stats (policy_id, view_count)
      SELECT policies.id, counted.value FROM json_each(${json}) AS counted JOIN policies ON policies.id = counted.key
      WHERE true
      ON CONFLICT (policy_id) DO UPDATE SET view_count = policy_stats.view_count + excluded.view_count`.execute(db);
  };
}
