/**
 * The Worker entry: the same app over D1 and R2. Static assets (the PWA) are served by the
 * platform from `[assets]` in wrangler.toml; only API requests reach this code.
 */
import type { D1Database, R2Bucket } from '@cloudflare/workers-types';
import { createApp } from './app.ts';
import { readConfig, type EnvSource } from './config.ts';
import { createD1Database } from './db/d1.ts';
import { choosePaymentProvider } from './payments/choose-provider.ts';
import { r2ImageStore } from './storage/r2-images.ts';

export interface WorkerEnv extends EnvSource {
  DB: D1Database & EnvSource[string];
  IMAGES: R2Bucket & EnvSource[string];
}

let cached: { env: WorkerEnv; app: ReturnType<typeof createApp> } | null = null;

function appFor(env: WorkerEnv) {
  // Bindings are stable for an isolate's life; build the app once per isolate.
  if (cached?.env !== env) {
    const { db, batch } = createD1Database(env.DB);
    const config = readConfig(env);
    const clock = () => new Date();
    const payments = choosePaymentProvider(config, db, clock);
    cached = {
      env,
      app: createApp({
        db,
        batch,
        config,
        images: r2ImageStore(env.IMAGES),
        clock,
        payments,
        // Set by Cloudflare's edge for every request; a client cannot forge it there.
        clientAddress: (c) => c.req.header('cf-connecting-ip'),
      }),
    };
  }
  return cached.app;
}

export default {
  fetch(request: Request, env: WorkerEnv, ctx: unknown) {
    return appFor(env).fetch(request, env, ctx as never);
  },
};
