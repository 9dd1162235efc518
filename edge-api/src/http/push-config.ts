/**
 * Web Push settings (issue 28, docs/decisions/0076-notification-delivery.md). Read by
 * config.ts for both runtimes; documented in the README's configuration table.
 */
/** The same shape as config.ts's EnvSource (not imported: config.ts imports this file). */
type EnvSource = Record<string, string | undefined>;

export interface VapidKeys {
  /** The uncompressed P-256 public key (65 bytes), base64url: what browsers subscribe with. */
  publicKey: string;
  /** The private scalar `d` (32 bytes), base64url. */
  privateKey: string;
}

export interface PushConfig {
  /** Null when no keys are configured (a Worker without VAPID secrets): the inbox works, pushes are not sent. */
  vapid: (VapidKeys & { subject: string }) | null;
  /** The first retry waits this long; each further one twice as long, up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Tries per device before a push is given up as failed. */
  maxAttempts: number;
  /** A claimed push not answered in this long (a sender that died) is tried again. */
  leaseMs: number;
  /** How long one request to a push service may take. */
  timeoutMs: number;
  /** At most this many requests to push services at once per send pass (a Worker opens at most 6 connections at a time anyway). */
  concurrency: number;
  /** How often the Node sender looks for due pushes. */
  sendIntervalMs: number;
  /**
   * Accept http:// subscription endpoints on 127.0.0.1 or localhost (a local push-service
   * stand-in). Never in production. Every other address must be a browser push service's
   * (notifications/push-services.ts), with or without it.
   */
  allowLoopbackHttp: boolean;
}

const number = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return value !== undefined && Number.isFinite(parsed) ? Math.trunc(parsed) : fallback;
};

export function readPushConfig(env: EnvSource, production: boolean, defaultKeys?: VapidKeys): PushConfig {
  const configured = env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY } : defaultKeys;
  const origin = env.PUBLIC_ORIGIN ?? '';
  return {
    // RFC 8292: a contact the push service can reach: mailto: or the site's https origin.
    vapid: configured ? { ...configured, subject: env.VAPID_SUBJECT ?? (origin.startsWith('https:') ? origin : 'mailto:operator@example.invalid') } : null,
    retryBaseMs: Math.max(1, number(env.PUSH_RETRY_BASE_MS, 30_000)),
    retryMaxMs: Math.max(1, number(env.PUSH_RETRY_MAX_MS, 3_600_000)),
    maxAttempts: Math.max(1, number(env.PUSH_MAX_ATTEMPTS, 8)),
    leaseMs: Math.max(1, number(env.PUSH_LEASE_MS, 60_000)),
    timeoutMs: Math.max(1, number(env.PUSH_TIMEOUT_MS, 10_000)),
    concurrency: Math.min(50, Math.max(1, number(env.PUSH_CONCURRENCY, 6))),
    sendIntervalMs: Math.max(10, number(env.PUSH_SEND_INTERVAL_MS, 2_000)),
    allowLoopbackHttp: !production && env.PUSH_ALLOW_LOOPBACK_HTTP === 'true',
  };
}
