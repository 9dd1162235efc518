/**
 * The operator's side of the Worker (decision 0080): JSON lines through console.log, which
 * Workers Logs index field by field, and, when an Analytics Engine dataset is bound as ANALYTICS,
 * one data point per request and per counted event there too, to sum without reading logs.
 * Readiness adds the image bucket to the shared database checks (routes/health.ts).
 */
import type { R2Bucket } from '@cloudflare/workers-types';
import type { EnvSource } from '../http/config.ts';
import { consoleOps } from '../http/ops-console.ts';
import { readOpsSettings, type OpsHooks } from '../http/ops.ts';

/** The part of Analytics Engine's binding used here. */
export interface AnalyticsDataset {
  writeDataPoint(point: { blobs?: string[]; doubles?: number[]; indexes?: string[] }): void;
}

export function workerOps(env: EnvSource, images: R2Bucket, analytics?: AnalyticsDataset): OpsHooks {
  const logs = consoleOps(readOpsSettings(env));
  return {
    token: logs.token,
    readiness: {
      // A read of a key that never exists: it proves the bucket answers, and costs no write.
      storage: async () => {
        await images.head('ops/ready-probe');
      },
    },
    request(line, error) {
      logs.request(line, error);
      analytics?.writeDataPoint({ indexes: ['request'], blobs: ['request', line.method, line.route, String(line.status)], doubles: [line.durationMs] });
    },
    count(event, labels = {}) {
      logs.count(event, labels);
      analytics?.writeDataPoint({ indexes: [event], blobs: [event, ...Object.values(labels)], doubles: [1] });
    },
  };
}
