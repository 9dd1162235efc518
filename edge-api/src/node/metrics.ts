/**
 * The Node server's Prometheus metrics (decision 0080), one registry per server (tests run several
 * servers in one process; prom-client's global registry would mix them). Counts that other
 * modules already keep (the overload guard's sheds, the WAL file, the images table) are read when
 * scraped rather than counted twice.
 */
import type SQLite from 'better-sqlite3';
import { statSync } from 'node:fs';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { OpsEvent, RequestLine } from '../http/ops.ts';

/** What the metrics read at scrape time; set once the server has them (node.ts). */
export interface ScrapeSources {
  shed(): number;
  sqlite?: SQLite.Database;
  walFile?: string;
}

/** A client may send any method name: others are counted as one, so they cannot grow the series without bound. */
const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  const sources: ScrapeSources = { shed: () => 0 };
  collectDefaultMetrics({ register: registry });

  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'API requests answered, by route pattern and status', labelNames, registers });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request reaching the API to its answer, by route pattern and status',
    labelNames,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const rateLimited = new Counter({ name: 'rate_limit_refusals_total', help: 'Requests refused by a per-client rate limit', labelNames: ['limit'], registers });
  const throttled = new Counter({ name: 'sign_in_throttle_refusals_total', help: 'Sign-in attempts refused by the sign-in throttle', registers });
  new Counter({
    name: 'overload_shed_requests_total',
    help: 'Requests answered 503 by the overload guard before reaching the API',
    registers,
    collect() {
      this.reset();
      this.inc(sources.shed());
    },
  });
  const batches = new Histogram({
    name: 'group_commit_batches',
    help: "Requests' write batches committed together in one transaction",
    buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
    registers,
  });
  const commitSeconds = new Histogram({
    name: 'group_commit_duration_seconds',
    help: 'Time to run and commit one group of write batches',
    buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers,
  });
  new Gauge({
    name: 'sqlite_wal_bytes',
    help: 'Size of the database write-ahead log file',
    registers,
    collect() {
      let size = 0;
      try {
        if (sources.walFile) size = statSync(sources.walFile).size;
      } catch {
        // No WAL file (just checkpointed and removed, or not yet written): nothing waits in it.
      }
      this.set(size);
    },
  });
  new Gauge({
    name: 'images_stored_bytes',
    help: 'Bytes of uploaded images stored',
    registers,
    collect() {
      const row = sources.sqlite?.prepare('SELECT coalesce(sum(byte_size), 0) AS bytes FROM images').get() as { bytes: number } | undefined;
      this.set(row?.bytes ?? 0);
    },
  });

  return {
    registry,
    sources,
    request(line: RequestLine) {
      const labels = { method: knownMethods.has(line.method) ? line.method : 'OTHER', route: line.route, status: String(line.status) };
      requests.inc(labels);
      duration.observe(labels, line.durationMs / 1000);
    },
    count(event: OpsEvent, labels: Record<string, string> = {}) {
      if (event === 'rate_limited') rateLimited.inc({ limit: labels.limit ?? 'unknown' });
      else throttled.inc();
    },
    commit(batchCount: number, seconds: number) {
      batches.observe(batchCount);
      commitSeconds.observe(seconds);
    },
  };
}

export type NodeMetrics = ReturnType<typeof createMetrics>;
