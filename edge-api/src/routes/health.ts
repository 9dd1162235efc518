/**
 * /api/health: probes for a load balancer or an orchestrator (decision 0080).
 * - live: 200 while the process answers at all; it checks nothing, so a slow database never
 *   gets a healthy process restarted.
 * - ready: 200 only when startup is done, the database answers a read and takes a write, and the
 *   runtime's own checks pass (free space on Node, the image bucket on the Worker); else 503
 *   naming the first failing check, so traffic goes elsewhere until it passes again.
 * The public sees a status and a check's name; timings and error messages only go to a request
 * bearing OPS_TOKEN (they can name files and tables).
 */
import { Hono, type Context } from 'hono';
import { sql } from 'kysely';
import type { AppEnv } from '../http/env.ts';
import { bearsOpsToken, type OpsHooks } from '../http/ops.ts';

/** The one row the write check writes, in the rate-limit table whose keys are `<limit>:<address>`. */
const probeKey = 'ops:ready-probe';

interface CheckResult {
  ok: boolean;
  ms: number;
  detail?: unknown;
  error?: string;
}

async function timed(check: () => unknown): Promise<CheckResult> {
  const started = performance.now();
  try {
    const detail = await check();
    return { ok: true, ms: Math.round(performance.now() - started), ...(detail === undefined ? {} : { detail }) };
  } catch (error) {
    return { ok: false, ms: Math.round(performance.now() - started), error: error instanceof Error ? error.message : String(error) };
  }
}

const noStore = (c: Context) => c.header('Cache-Control', 'no-store');

export function healthRoutes(ops: OpsHooks) {
  return new Hono<AppEnv>()
    .get('/live', (c) => {
      noStore(c);
      return c.json({ status: 'ok' as const }, 200);
    })
    .get('/ready', async (c) => {
      noStore(c);
      const { db, clock } = c.var.deps;
      const { startup, ...runtimeChecks } = ops.readiness;
      const checks: Record<string, () => unknown> = {
        ...(startup ? { startup } : {}),
        db_read: async () => {
          await sql`select version from sync_clock where id = 1`.execute(db);
        },
        // A real row written and committed: a database that opens but refuses writes (a read-only
        // file or disk, a full disk) fails here, not at a customer's next application.
        db_write: async () => {
          const now = clock().getTime();
          await db
            .insertInto('rate_limits')
            .values({ key: probeKey, window_start: now, hits: 1 })
            .onConflict((oc) => oc.column('key').doUpdateSet({ window_start: now, hits: 1 }))
            .execute();
        },
        ...runtimeChecks,
      };
      const results: Record<string, CheckResult> = {};
      let failed: string | undefined;
      // One after another, stopping at the first failure: a check after a broken database says nothing.
      for (const [name, check] of Object.entries(checks)) {
        results[name] = await timed(check);
        if (!results[name].ok) {
          failed = name;
          break;
        }
      }
      const details = bearsOpsToken(c.req.header('authorization'), ops.token) ? { checks: results } : {};
      if (failed) return c.json({ status: 'unavailable' as const, failed, ...details }, 503);
      return c.json({ status: 'ready' as const, ...details }, 200);
    });
}
