/**
 * The operator's side of the Node server (decision 0080): pino for the request log, prom-client
 * for GET /metrics (on the app's port behind OPS_TOKEN, and on METRICS_PORT when set), and the
 * readiness checks only Node has (free space in the data folder, startup done).
 */
import type SQLite from 'better-sqlite3';
import { closeSync, mkdirSync, openSync, statfsSync } from 'node:fs';
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { dirname } from 'node:path';
import pino from 'pino';
import type { EnvSource } from '../http/config.ts';
import { bearsOpsToken, readOpsSettings, type OpsHooks } from '../http/ops.ts';
import { createMetrics } from './metrics.ts';

export const metricsPath = '/metrics';

/**
 * Where the lines go: stdout, or LOG_FILE (appended) when set. Written asynchronously: lines
 * that come while a write is under way go out together in the next one, so under load the log
 * costs a write per batch rather than per request (measured in decision 0080). A line is never
 * held back waiting for others; only lines in flight when the process is killed are lost.
 */
function destination(env: EnvSource) {
  if (env.LOG_FILE) {
    // Opened once now so that a wrong LOG_FILE stops the start with its reason, not a later write.
    mkdirSync(dirname(env.LOG_FILE), { recursive: true });
    closeSync(openSync(env.LOG_FILE, 'a'));
  }
  return pino.destination({ dest: env.LOG_FILE ?? 1, sync: false, append: true });
}

export function nodeOps(env: EnvSource, dataDir: string) {
  const settings = readOpsSettings(env);
  const logger = pino(
    {
      level: settings.logLevel,
      // The level by name and the time as ISO text: what log shippers and people read without a table.
      formatters: { level: (label) => ({ level: label }) },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination(env),
  );
  const metrics = createMetrics();
  let started = false;

  const hooks: OpsHooks = {
    token: settings.token,
    request(line, error) {
      metrics.request(line);
      if (error) logger.error({ ...line, err: error }, 'request failed');
      else logger.info(line, 'request');
    },
    count(event, labels) {
      metrics.count(event, labels);
    },
    readiness: {
      startup: () => {
        if (!started) throw new Error('Migrations and seeding are still running');
      },
      disk: () => {
        const { bavail, bsize } = statfsSync(dataDir);
        const freeBytes = bavail * bsize;
        if (freeBytes < settings.minFreeBytes) throw new Error(`${freeBytes} bytes free in the data folder, below READY_MIN_FREE_MB`);
        return { freeBytes, minFreeBytes: settings.minFreeBytes };
      },
    },
  };

  /** 404 with no token configured (the endpoint does not exist), 401 without the bearer. */
  async function answerMetrics(req: IncomingMessage, res: ServerResponse, open: boolean) {
    const json = (status: number, body: object, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
      res.end(JSON.stringify(body));
    };
    if (!open && !settings.token) return json(404, { error: 'not_found', message: `No such endpoint: ${req.method} ${metricsPath}` });
    if (settings.token && !bearsOpsToken(req.headers.authorization, settings.token)) {
      return json(401, { error: 'unauthorized', message: 'The operator token is needed' }, { 'www-authenticate': 'Bearer' });
    }
    try {
      const text = await metrics.registry.metrics();
      res.writeHead(200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' });
      res.end(text);
    } catch (error) {
      logger.error({ err: error }, 'metrics scrape failed');
      json(500, { error: 'internal', message: 'The metrics could not be collected' });
    }
  }

  const isMetrics = (req: IncomingMessage) => req.method === 'GET' && (req.url ?? '').split('?')[0] === metricsPath;
  let metricsServer: Server | undefined;

  return {
    hooks,
    logger,
    settings,
    onCommit: metrics.commit,
    /** What the metrics read when scraped, known once the database and the overload guard exist. */
    attach(sources: { sqlite: SQLite.Database; walFile: string; shed: () => number }) {
      Object.assign(metrics.sources, sources);
    },
    /**
     * Wraps the server's listener: GET /metrics is answered before the overload guard, so a scrape
     * still works (and shows the shedding) when the server is past capacity.
     */
    listener(next: RequestListener): RequestListener {
      return (req, res) => (isMetrics(req) ? void answerMetrics(req, res, false) : next(req, res));
    },
    /** METRICS_PORT: a port that answers only /metrics, open unless OPS_TOKEN is set. */
    async listenForMetrics(host: string): Promise<number | undefined> {
      if (settings.metricsPort === undefined) return undefined;
      const server = createServer((req, res) => {
        if (isMetrics(req)) return void answerMetrics(req, res, true);
        res.writeHead(404).end();
      });
      metricsServer = server;
      await new Promise<void>((listening, failed) => {
        server.once('error', failed);
        server.listen(settings.metricsPort, env.METRICS_HOST ?? host, () => listening());
      });
      const address = server.address();
      return typeof address === 'object' && address ? address.port : settings.metricsPort;
    },
    /** Startup (migrations, seeding, listening) is done: readiness may pass. */
    started() {
      started = true;
    },
    async stop() {
      if (metricsServer) await new Promise<void>((done) => metricsServer!.close(() => done()));
      // The lines still being written go out before the server reports it has stopped.
      await new Promise<void>((done) => logger.flush(() => done()));
    },
  };
}

export type NodeOps = ReturnType<typeof nodeOps>;
