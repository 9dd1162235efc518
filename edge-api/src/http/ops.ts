/**
 * What the operator sees of the API (decision 0080): one log line per request, counted events,
 * readiness checks. Shared code only states what happened; each runtime decides where it goes
 * (node/ops-node.ts: pino and prom-client; worker/ops-worker.ts: console JSON and Analytics Engine).
 */
import type { EnvSource } from './config.ts';

export const logLevels = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

/** The fields of a request's log line. Nothing a client sent is copied here but the request id. */
export interface RequestLine {
  reqId: string;
  method: string;
  /** Hono's matched route pattern ('/api/policies/:id'), never the raw path with its ids. */
  route: string;
  status: number;
  durationMs: number;
  userId?: string;
}

/** An error's stack, logged once, in the line of the request it broke. */
export interface LoggedError {
  type: string;
  message: string;
  stack?: string;
}

/** Events counted beside the requests (metrics on Node, log lines or Analytics Engine on the Worker). */
export type OpsEvent = 'rate_limited' | 'sign_in_throttled';

export interface OpsHooks {
  /** One line per request; `error` when the request failed on the server's side. */
  request(line: RequestLine, error?: LoggedError): void;
  count(event: OpsEvent, labels?: Record<string, string>): void;
  /** OPS_TOKEN: health details (and metrics on Node) go only to a request bearing it. */
  token?: string;
  /**
   * Readiness checks of the runtime's own, besides the database read and write the shared route
   * makes: free space in the data folder and startup on Node, the image bucket on the Worker.
   * Each throws (or rejects) when it fails; what it returns goes to the operator's details only.
   */
  readiness: Record<string, () => unknown>;
}

export interface OpsSettings {
  token?: string;
  logLevel: LogLevel;
  /** READY_MIN_FREE_MB: readiness fails when the data folder's disk has less free space than this. */
  minFreeBytes: number;
  /** METRICS_PORT: a second port that answers only GET /metrics (Node). */
  metricsPort?: number;
}

export function readOpsSettings(env: EnvSource): OpsSettings {
  const level = (env.LOG_LEVEL ?? 'info').toLowerCase();
  if (!(logLevels as readonly string[]).includes(level)) throw new Error(`LOG_LEVEL must be one of ${logLevels.join(', ')}, got "${env.LOG_LEVEL}"`);
  const minFreeMb = Number(env.READY_MIN_FREE_MB ?? 100);
  if (!Number.isFinite(minFreeMb) || minFreeMb < 0) throw new Error(`READY_MIN_FREE_MB must be a number of megabytes, got "${env.READY_MIN_FREE_MB}"`);
  const metricsPort = env.METRICS_PORT ? Number(env.METRICS_PORT) : undefined;
  if (metricsPort !== undefined && !Number.isInteger(metricsPort)) throw new Error(`METRICS_PORT must be a port number, got "${env.METRICS_PORT}"`);
  return {
    // An empty token would let an empty bearer in: treated as no token at all.
    token: env.OPS_TOKEN ? env.OPS_TOKEN : undefined,
    logLevel: level as LogLevel,
    minFreeBytes: Math.round(minFreeMb * 1024 * 1024),
    metricsPort,
  };
}

/**
 * True when the request bears `Authorization: Bearer <token>`. Compared in time that does not
 * depend on where the strings first differ, so the token cannot be guessed a character at a time.
 */
export function bearsOpsToken(authorization: string | undefined, token: string | undefined): boolean {
  if (!token || !authorization?.startsWith('Bearer ')) return false;
  const given = authorization.slice('Bearer '.length);
  let difference = given.length ^ token.length;
  for (let i = 0; i < token.length; i += 1) difference |= token.charCodeAt(i) ^ given.charCodeAt(i % Math.max(1, given.length));
  return difference === 0;
}

export function describeError(error: unknown): LoggedError {
  if (error instanceof Error) return { type: error.name, message: error.message, stack: error.stack };
  return { type: typeof error, message: String(error) };
}
