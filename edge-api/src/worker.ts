/**
 * The Worker entry: the same app over D1 and R2. Static assets (the PWA) are served by the
 * platform from `[assets]` in wrangler.toml; only API requests reach this code.
 */
import type { D1Database, R2Bucket } from '@cloudflare/workers-types';
import { createApp, type AppDeps } from './app.ts';
import { readConfig, type EnvSource } from './config.ts';
import { createD1Database } from './db/d1.ts';
import { housekeeping } from './lib/housekeeping.ts';
import { choosePaymentProvider } from './payments/choose-provider.ts';
import { r2ImageStore } from './storage/r2-images.ts';

export interface WorkerEnv extends EnvSource {
  DB: D1Database & EnvSource[string];
  IMAGES: R2Bucket & EnvSource[string];
}

let cached: { env: WorkerEnv; deps: AppDeps; app: ReturnType<typeof createApp> } | null = null;

function appFor(env: WorkerEnv) {
  // Bindings are stable for an isolate's life; build the app once per isolate.
  if (cached?.env !== env) {
    const { db, batch } = createD1Database(env.DB);
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
    cached = { env, deps, app: createApp(deps) };
  }
  return cached;
}

export default {
  fetch(request: Request, env: WorkerEnv, ctx: unknown) {
    return appFor(env).app.fetch(request, env, ctx as never);
  },
  /** The cron trigger of wrangler.toml: unused uploads and old rate-limit windows. */
  scheduled(_event: unknown, env: WorkerEnv, ctx: { waitUntil(promise: Promise<unknown>): void }) {
    ctx.waitUntil(housekeeping(appFor(env).deps));
  },
};
