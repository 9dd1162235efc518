/**
 * The Worker entry: the same app over D1 and R2. Static assets (the PWA) are served by the
 * platform from `[assets]` in wrangler.toml; only API requests reach this code.
 */
import type { D1Database, R2Bucket } from '@cloudflare/workers-types';
import { createApp, type AppDeps } from './app.ts';
import { readConfig, type EnvSource } from './config.ts';
import { createD1Database } from './db/d1.ts';
import { countD1Calls, d1CallsHeader } from './db/d1-call-count.ts';
import { housekeeping } from './lib/housekeeping.ts';
import { choosePaymentProvider } from './payments/choose-provider.ts';
import { r2ImageStore } from './storage/r2-images.ts';

export interface WorkerEnv extends EnvSource {
  DB: D1Database & EnvSource[string];
  IMAGES: R2Bucket & EnvSource[string];
}

let cached: { env: WorkerEnv; deps: AppDeps; app: ReturnType<typeof createApp>; d1Calls?: () => number } | null = null;

function appFor(env: WorkerEnv) {
  // Bindings are stable for an isolate's life; build the app once per isolate.
  if (cached?.env !== env) {
    // Tests and the bench count the D1 calls of each request (db/d1-call-count.ts).
    const counter = env.COUNT_D1_CALLS === 'true' ? countD1Calls(env.DB) : undefined;
    const { db, batch } = createD1Database(counter?.d1 ?? env.DB);
    // One password hash at a time per isolate: two at the product's parameters fill its 128 MB.
    const config = readConfig({ PASSWORD_HASH_CONCURRENCY: '1', ...env });
    const clock = () => new Date();
    const payments = choosePaymentProvider(config, db, clock);
    const deps: AppDeps = {
      db,
      batch,
      config,
      images: r2ImageStore(env.IMAGES),
      clock,
      payments,
      // Set by Cloudflare's edge for every request; a client cannot forge it there.
      clientAddress: (c) => c.req.header('cf-connecting-ip'),
    };
    cached = { env, deps, app: createApp(deps), d1Calls: counter?.calls };
  }
  return cached;
}

export default {
  async fetch(request: Request, env: WorkerEnv, ctx: unknown) {
    const { app, d1Calls } = appFor(env);
    if (!d1Calls) return app.fetch(request, env, ctx as never);
    const before = d1Calls();
    const response = await app.fetch(request, env, ctx as never);
    const counted = new Response(response.body, response);
    counted.headers.set(d1CallsHeader, String(d1Calls() - before));
    return counted;
  },
  /** The cron trigger of wrangler.toml: unused uploads and old rate-limit windows. */
  scheduled(_event: unknown, env: WorkerEnv, ctx: { waitUntil(promise: Promise<unknown>): void }) {
    ctx.waitUntil(housekeeping(appFor(env).deps));
  },
};
