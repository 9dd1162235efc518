/**
 * The Worker entry: the same app over D1 and R2. Static assets (the PWA) are served by the
 * platform from `[assets]` in wrangler.toml; only API requests and the public page addresses
 * (`run_worker_first`) reach this code, the pages answered from the assets (worker-pages.ts).
 */
import type { D1Database, Fetcher, R2Bucket } from '@cloudflare/workers-types';
import { isApiPath } from '../http/api-prefix.ts';
import { createApp, type AppDeps } from '../app.ts';
import { readConfig, type EnvSource } from '../http/config.ts';
import { createD1Database } from './d1.ts';
import { countD1Calls, d1CallsHeader } from './d1-call-count.ts';
import { housekeeping } from '../lib/housekeeping.ts';
import { appClock } from '../lib/app-clock.ts';
import { prerenderedPageFile } from '../http/page-addresses.ts';
import { verifyPageCode, verifyPageStatus } from '../http/verify-page.ts';
import { choosePaymentProvider } from '../payments/choose-provider.ts';
import { fetchSslcommerzGateway } from '../payments/sslcommerz-gateway.ts';
import { chooseSmsProvider } from '../sms/choose.ts';
import { deliverDueSms } from '../sms/queue.ts';
import { outboxMailer } from '../mail/mailer.ts';
import { r2ImageStore } from './r2-images.ts';
import { workerOps, type AnalyticsDataset } from './ops-worker.ts';
import { prerenderedPages } from './worker-pages.ts';
import { useWebpDecoder } from '../lib/webp-decode.ts';
import { createViewCounter, writeViews } from '../lib/view-counter.ts';
import { deliverDuePushes } from '../notifications/sender.ts';
import { takePushNudge } from '../notifications/events.ts';
import webpDecoderWasm from '@jsquash/webp/codec/dec/webp_dec.wasm';
import webpEncoderWasm from '@jsquash/webp/codec/enc/webp_enc_simd.wasm';
// `?module`: this file ships its own typings (of its exports), which would hide the module's.
import resizerWasm from '@jsquash/resize/lib/resize/pkg/squoosh_resize_bg.wasm?module';
import { usePictureSizeCodecs } from '../lib/picture-sizes.ts';

useWebpDecoder(webpDecoderWasm);
usePictureSizeCodecs({ webpEncoder: webpEncoderWasm, resizer: resizerWasm });

export interface WorkerEnv extends EnvSource {
  DB: D1Database & EnvSource[string];
  IMAGES: R2Bucket & EnvSource[string];
  /** The built PWA (`[assets] binding`); absent when the Worker runs without assets (API tests). */
  ASSETS?: Fetcher & EnvSource[string];
  /** Workers Analytics Engine dataset for request and event counts (ops-worker.ts); optional. */
  ANALYTICS?: AnalyticsDataset & EnvSource[string];
}

interface ExecutionContext {
  waitUntil(promise: Promise<unknown>): void;
}

/** No timer outlives a Worker's request: a due batch of counted views is written after one. */
function writeDueViews(deps: AppDeps, ctx: ExecutionContext) {
  if (deps.views.due()) ctx.waitUntil(deps.views.flush());
}

/**
 * Pushes go out right after the write that made them, and the cron trigger (every minute)
 * retries what failed: docs/decisions/0076-notification-delivery.md.
 */
function sendPushesAfter(deps: AppDeps, ctx: ExecutionContext) {
  if (!takePushNudge()) return;
  // A notification may also have queued an SMS (issue 50, sms/queue.ts).
  ctx.waitUntil(deliverDueSms(deps).catch((error: unknown) => console.error('SMS sending failed:', error instanceof Error ? error.name : 'error')));
  if (!deps.config.push.vapid) return;
  ctx.waitUntil(deliverDuePushes(deps).catch((error: unknown) => console.error('Push sending failed:', error)));
}

interface Isolate {
  env: WorkerEnv;
  deps: AppDeps;
  app: { fetch(request: Request, env: WorkerEnv, ctx: never): Response | Promise<Response> };
  pages?: ReturnType<typeof prerenderedPages>;
  d1Calls?: () => number;
}

let cached: Isolate | null = null;

/** The cron of push retries in wrangler.toml. */
const everyMinute = '* * * * *';

function appFor(env: WorkerEnv) {
  // Bindings are stable for an isolate's life; build the app once per isolate.
  if (cached?.env !== env) {
    // Tests and the bench count the D1 calls of each request (db/d1-call-count.ts).
    const counter = env.COUNT_D1_CALLS === 'true' ? countD1Calls(env.DB) : undefined;
    const { db, batch } = createD1Database(counter?.d1 ?? env.DB);
    // One password hash at a time per isolate: two at the product's parameters fill its 128 MB.
    // A decoded WebP is held twice (lib/image-check.ts): at most 8 MP fit beside the rest.
    // Smaller sizes of a picture (lib/picture-sizes.ts) only up to 2 MP: the decode and the
    // resizer's memory, which stays at its peak, must fit beside the rest (decision 0086). An
    // hourly cron run sizes five older pictures (lib/picture-size-backfill.ts): its CPU time is bounded.
    const config = readConfig({ PASSWORD_HASH_CONCURRENCY: '1', IMAGE_MAX_WEBP_PIXELS: '8000000', IMAGE_MAX_SIZED_PIXELS: '2000000', PICTURE_BACKFILL_BATCH: '5', ...env });
    const clock = appClock(env, config.production);
    const payments = choosePaymentProvider(config, db, clock);
    const deps: AppDeps = {
      db,
      batch,
      config,
      images: r2ImageStore(env.IMAGES),
      clock,
      payments,
      sslcommerz: config.payment.sslcommerz ? fetchSslcommerzGateway(config.payment.sslcommerz) : null,
      // Set by Cloudflare's edge for every request; a client cannot forge it there.
      clientAddress: (c) => c.req.header('cf-connecting-ip'),
      // Per isolate (decision 0061): written after a request that finds the batch due, below.
      views: createViewCounter(writeViews(db), config.rateLimits.views, config.viewCounting, () => clock().getTime()),
      ops: workerOps(env, env.IMAGES, env.ANALYTICS),
      // SMS with fetch, as on Node; no SMTP here (mail/mailer.ts): the demo's outbox or none.
      sms: chooseSmsProvider(config, db, clock),
      mailer: config.demoMode ? outboxMailer(db, clock) : null,
    };
    const app = createApp(deps);
    const pages = env.ASSETS ? prerenderedPages(env.ASSETS, (request, code) => verifyPageStatus(app, request, code, env)) : undefined;
    cached = { env, deps, app, pages, d1Calls: counter?.calls };
  }
  return cached;
}

export default {
  async fetch(request: Request, env: WorkerEnv, ctx: ExecutionContext) {
    const { app: api, pages, d1Calls, deps } = appFor(env);
    const path = new URL(request.url).pathname;
    const app = pages && !isApiPath(path) && (prerenderedPageFile(path) || verifyPageCode(path) !== null) ? pages : api;
    if (!d1Calls) {
      const response = await app.fetch(request, env, ctx as never);
      writeDueViews(deps, ctx);
      sendPushesAfter(deps, ctx);
      return response;
    }
    const before = d1Calls();
    const response = await app.fetch(request, env, ctx as never);
    const counted = new Response(response.body, response);
    counted.headers.set(d1CallsHeader, String(d1Calls() - before));
    // After the count: a batch of views is no call of this request's own.
    writeDueViews(deps, ctx);
    sendPushesAfter(deps, ctx);
    return counted;
  },
  /** The cron triggers of wrangler.toml: unused uploads and old rate-limit windows; push retries. */
  scheduled(_event: unknown, env: WorkerEnv, ctx: ExecutionContext) {
    const { deps } = appFor(env);
    // An isolate that saw views and then no request writes them here, if the cron lands on it.
    // Every minute (wrangler.toml): the pushes due for a retry; housekeeping only on the hourly cron.
    const hourly = (_event as { cron?: string } | null)?.cron !== everyMinute;
    // The SMS the housekeeping queued (premium reminders, issue 49) go out in the same run.
    const sms = hourly ? housekeeping(deps).then(() => deliverDueSms(deps, 50)) : deliverDueSms(deps, 50);
    ctx.waitUntil(Promise.all([sms, deps.views.flush(), deliverDuePushes(deps, 50)]));
  },
};
