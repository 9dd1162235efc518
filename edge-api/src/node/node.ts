/**
 * The embedded default: one Node process serving the built PWA and the API on one port,
 * over a SQLite file in DATA_DIR. First start creates the schema and, in demo mode only,
 * fills demo content and one account per role.
 */
import { appClock } from '../lib/app-clock.ts';
import { getRequestListener } from '@hono/node-server';
import type SQLite from 'better-sqlite3';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from '../app.ts';
import { passwordDecoy } from '../auth/sign-in.ts';
import { nodeClientAddress } from './client-address-node.ts';
import { readConfig, type EnvSource } from '../http/config.ts';
import { migrate } from './migrate.ts';
import { nodeOps } from './ops-node.ts';
import { loadShedder, readOverloadSettings, serverTimeouts } from './overload.ts';
import { describeStartupFailure } from './startup-errors.ts';
import { housekeeping } from '../lib/housekeeping.ts';
import { createNodeDatabase, readSynchronous } from './sqlite-node.ts';
import { persistentVapidKeys, startPushLoop } from './push-loop.ts';
import { choosePaymentProvider } from '../payments/choose-provider.ts';
import { ltsSslcommerzGateway } from './sslcommerz-lts.ts';
import { chooseSmsProvider } from '../sms/choose.ts';
import { outboxMailer } from '../mail/mailer.ts';
import { smtpMailer } from '../mail/smtp-mailer.ts';
import { seedDemo } from '../seed/demo.ts';
import { withStaticPwa } from './static-pwa.ts';
import { diskImageStore } from './disk-images.ts';
import { useSha256 } from '../lib/idempotency.ts';
import { compileWasm, useWebpDecoder } from '../lib/webp-decode.ts';
import { usePictureSizeCodecs } from '../lib/picture-sizes.ts';
import { useImageWorkRunner } from '../lib/image-work.ts';
import { startImageThreads } from './image-threads.ts';
import { createViewCounter, writeViews } from '../lib/view-counter.ts';

/**
 * The repository root: the nearest folder above this module that holds migrations/. The source
 * (edge-api/src/node/) and the bundle (edge-api/dist/) sit at different depths, so it is found, not counted.
 */
function repositoryRoot(from: string): string {
  for (let folder = from; ; folder = dirname(folder)) {
    if (existsSync(join(folder, 'migrations'))) return folder;
    if (dirname(folder) === folder) throw new Error(`No migrations/ folder above ${from}`);
  }
}
const root = repositoryRoot(dirname(fileURLToPath(import.meta.url)));
export const migrationsDir = join(root, 'migrations');
export const pwaDistDir = join(root, 'pwa/dist');

/** A signing secret that survives restarts without the operator having to invent one. */
function persistentSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export interface StartOptions {
  env?: EnvSource;
  /** Serve the built PWA too (the default); API tests turn it off. */
  servePwa?: boolean;
  quiet?: boolean;
}

export async function startNodeServer(options: StartOptions = {}) {
  const env = options.env ?? process.env;
  const dataDir = resolve(env.DATA_DIR ?? './data');
  mkdirSync(dataDir, { recursive: true });
  // Fail now, with one clear line (startup-errors.ts), rather than at the first write.
  const probe = join(dataDir, '.write-check');
  writeFileSync(probe, '');
  rmSync(probe);
  // Password hashes leave one core to the event loop (auth/hash-queue.ts): with every core
  // hashing, even the quick 503s of load shedding (overload.ts) wait for CPU.
  const hashing = String(Math.max(1, availableParallelism() - 1));
  const config = readConfig({ PASSWORD_HASH_CONCURRENCY: hashing, ...env }, {
    jwtSecret: env.JWT_SECRET ?? persistentSecret(dataDir),
    vapid: env.VAPID_PRIVATE_KEY ? undefined : await persistentVapidKeys(dataDir),
  });
  // Logs, metrics, readiness (ops-node.ts); group commits are measured from the first.
  const ops = nodeOps(env, dataDir);
  // Answered writes survive a power cut (synchronous = FULL, decision 0075).
  const database = createNodeDatabase(join(dataDir, 'insurance.sqlite'), readSynchronous(env.SQLITE_SYNCHRONOUS), ops.onCommit);
  const applied = migrate(database.sqlite, migrationsDir);
  const clock = appClock(env, config.production);
  // node:crypto hashes synchronously; WebCrypto's promise costs more than the hash itself.
  useSha256((text) => createHash('sha256').update(text).digest('hex'));
  const wasm = (specifier: string) => compileWasm(readFileSync(fileURLToPath(import.meta.resolve(specifier))));
  useWebpDecoder(await wasm('@jsquash/webp/codec/dec/webp_dec.wasm'));
  // Uploaded pictures are decoded on worker threads, never on the event loop (decision 0102).
  useImageWorkRunner(await startImageThreads());
  usePictureSizeCodecs({
    webpEncoder: await wasm('@jsquash/webp/codec/enc/webp_enc_simd.wasm'),
    resizer: await wasm('@jsquash/resize/lib/resize/pkg/squoosh_resize_bg.wasm'),
  });
  const deps = {
    db: database.db,
    batch: database.batch,
    config,
    images: diskImageStore(join(dataDir, 'images')),
    clock,
    payments: choosePaymentProvider(config, database.db, clock),
    sslcommerz: config.payment.sslcommerz ? ltsSslcommerzGateway(config.payment.sslcommerz) : null,
    clientAddress: nodeClientAddress(config.trustProxy),
    views: createViewCounter(writeViews(database.db), config.rateLimits.views, config.viewCounting, () => clock().getTime()),
    ops: ops.hooks,
    sms: chooseSmsProvider(config, database.db, clock),
    mailer: config.mail.smtpUrl ? smtpMailer(config.mail.smtpUrl, config.mail.from) : config.demoMode ? outboxMailer(database.db, clock) : null,
  };
  const log = options.quiet ? () => {} : (line: string) => console.log(line);
  if (applied.length) log(`Applied migrations: ${applied.join(', ')}`);

  // Seeding is for the demo only: never in production, never in a test that did not ask.
  // SEED_DEMO=catalogue: the accounts and catalogue without the 60 days of activity.
  const seedRequested = env.SEED_DEMO !== undefined ? env.SEED_DEMO === 'true' || env.SEED_DEMO === 'catalogue' : config.demoMode;
  if (seedRequested && config.demoMode) {
    const password = env.DEMO_PASSWORD ?? 'demo1234';
    const seeded = await seedDemo(deps, { password, content: env.SEED_DEMO === 'catalogue' ? 'catalogue' : 'full' });
    if (seeded) log('Filled the database with demo content.');
    log(`Demo accounts (password "${password}"): user@demo.local, agent@demo.local, admin@demo.local`);
  }

  const api = createApp(deps);
  // The decoy hash for unknown emails is made now, not by the first sign-ins, which would all
  // wait on it outside the hash queue's count (auth/hash-queue.ts).
  void passwordDecoy();
  // PWA_DIST_DIR: serve another build (the deploy test swaps builds under a running server).
  const app = options.servePwa === false ? api : withStaticPwa(api, env.PWA_DIST_DIR ?? pwaDistDir);
  const port = Number(env.PORT ?? 8787);
  // Past capacity: a quick 503 with Retry-After rather than a client's time-out, decided before
  // the request reaches the Hono adapter (overload.ts).
  const overload = readOverloadSettings(env);
  const shedder = loadShedder(overload);
  // Slow clients: headers and bodies have deadlines of seconds, not Node's minutes (overload.ts).
  const server = createServer(serverTimeouts(overload), ops.listener(shedder.guard(getRequestListener(app.fetch))));
  ops.attach({ sqlite: database.sqlite, walFile: join(dataDir, 'insurance.sqlite-wal'), shed: () => shedder.stats().shed });
  await new Promise<void>((listening, failed) => {
    server.once('error', failed);
    server.listen(port, env.HOST ?? '0.0.0.0', () => listening());
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const metricsPort = await ops.listenForMetrics(env.HOST ?? '0.0.0.0');
  ops.started();
  log(`Insurance app and API at http://localhost:${actualPort}`);
  // Unused uploads and old rate-limit windows go hourly (lib/unused-uploads.ts).
  const housekeepingTimer = setInterval(() => {
    housekeeping(deps).catch((err: unknown) => console.error('Housekeeping failed:', err));
  }, 3_600_000);
  housekeepingTimer.unref();
  // Counted views are written at most VIEW_FLUSH_MS after they were counted (decision 0061).
  const viewTimer = setInterval(() => {
    if (deps.views.due()) void deps.views.flush();
  }, Math.max(10, Math.min(config.viewCounting.flushMs, 1000)));
  viewTimer.unref();
  // Pushes of notifications, from the database, with retries (node/push-loop.ts).
  const pushLoop = startPushLoop(deps);

  return {
    port: actualPort,
    url: `http://127.0.0.1:${actualPort}`,
    deps,
    sqlite: database.sqlite as SQLite.Database,
    /** Requests in flight, shed so far, event-loop delay (overload.ts): what tests wait on. */
    load: shedder.stats,
    /** Where the request lines go (LOG_FILE; stdout when undefined). */
    logFile: env.LOG_FILE,
    /** METRICS_PORT's actual port (0 asks for a free one), when set. */
    metricsPort,
    async stop() {
      clearInterval(housekeepingTimer);
      clearInterval(viewTimer);
      shedder.stop();
      await new Promise<void>((done) => server.close(() => done()));
      await pushLoop.stop();
      await ops.stop();
      // After the last request, before the database closes: no counted view is left unwritten.
      await deps.views.flush();
      await database.close();
    },
  };
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const running = await startNodeServer().catch((error: unknown) => {
    console.error(describeStartupFailure(error, resolve(process.env.DATA_DIR ?? './data'), process.env.PORT));
    process.exit(1);
  });
  const shutdown = () => {
    void running.stop().finally(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
