/**
 * Configuration from environment variables. Every variable has a default suitable for the
 * embedded demo, and is documented in the README. The same reader serves Node (process.env)
 * and the Worker (its `env` bindings).
 */
import { readPushConfig, type PushConfig, type VapidKeys } from './push-config.ts';
import { documentLimits } from '../schemas/document.ts';
import { defaultGraceDays, defaultRevivalDays } from '../schemas/premium-schedule.ts';

export interface AppConfig {
  /** True on the embedded demo (Node, no production flag): demo seeding and demo payments allowed. */
  demoMode: boolean;
  production: boolean;
  /** Secret for signing access tokens (HS256). */
  jwtSecret: string;
  jwtIssuer: string;
  jwtAudience: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** Refresh cookies get `Secure` when the public origin is https. */
  secureCookies: boolean;
  google: {
    issuer: string;
    clientId: string;
    jwksUrl?: string;
    /** After a key-set fetch, how long an unknown key id waits before fetching again (jose's cooldown). */
    jwksCooldownSeconds: number;
  } | null;
  payment: {
    amountMinor: number;
    currency: string;
    stripe: null | {
      secretKey: string;
      webhookSecret: string;
      publishableKey: string;
      /** Points the Stripe SDK at another host (a local stand-in in tests). */
      apiHost?: string;
      apiPort?: number;
      apiProtocol?: 'http' | 'https';
    };
    /** SSLCommerz (bKash, Nagad, Rocket, local cards in BDT), when its store is set. */
    sslcommerz: null | SslcommerzSettings;
  };
  /** Sign-in throttle (auth/login-throttle.ts, docs/security.md). */
  login: {
    /** Attempts per email (and per signed-in user's password change) before delays begin. */
    freeAttempts: number;
    /** Attempts per client address, over all emails, before delays begin. */
    clientFreeAttempts: number;
    /** The first delay; each further attempt doubles it, up to `maxDelaySeconds`. */
    baseDelaySeconds: number;
    maxDelaySeconds: number;
    /** A key with no attempt for this long starts afresh. */
    windowSeconds: number;
  };
  /** Per-client request limits (lib/rate-limit.ts): at most `max` requests per `windowSeconds`. */
  rateLimits: Record<RateLimitName, RateLimit>;
  /** Open (pending or assigned) applications one person may hold for one policy (commands/applications.ts). */
  applicationsOpenPerPolicy: number;
  /** Working days (Sunday to Thursday) within which a filed claim must be decided (issue 31). */
  claimDecisionWorkingDays: number;
  /** Policy views counted in memory and written in batches (lib/view-counter.ts, decision 0061). */
  viewCounting: ViewCountingSettings;
  /** Bytes of images one account may have uploaded (POST /uploads). */
  uploadQuotaBytes: number;
  /** An uploaded image nothing refers to is removed after this long. */
  unusedUploadGraceSeconds: number;
  /** Documents on applications (issue 27, documents/): bytes of one, and of all one person sent; pixels of one (documents/checks.ts). */
  documents: { maxBytes: number; quotaBytes: number; maxPixels: number };
  /** Password hashes computed at once (auth/hash-queue.ts). */
  passwordHashConcurrency: number;
  /** Hashes that may wait their turn; past it a sign-in gets 503 at once. */
  passwordHashMaxQueue: number;
  /** The longest a sign-in may expect to wait for its hash before it gets 503 at once. */
  passwordHashMaxWaitMs: number;
  /** Take the client address from X-Forwarded-For (Node behind a proxy that sets it). */
  trustProxy: boolean;
  /** How often GET /api/policies compares popularity figures (views, applications) for a rebuild. */
  catalogueRefreshMs: number;
  maxJsonBytes: number;
  maxImageBytes: number;
  /** Width x height cap of an uploaded image (lib/image-check.ts). */
  maxImagePixels: number;
  /** The same for WebP, whose decoder needs twice the memory (lib/image-check.ts); 8 MP on a Worker. */
  maxWebpPixels: number;
  /**
   * Pictures of at most this many pixels get their smaller sizes at upload (lib/picture-sizes.ts);
   * larger ones are served as uploaded. The resizer keeps its memory at its peak, about 15 bytes a
   * pixel of the largest picture it made: 8 MP on Node, 2 MP on a Worker (docs/decisions/0086).
   */
  maxSizedPixels: number;
  /** Pictures uploaded before sizes were made at upload that one housekeeping run sizes (lib/picture-size-backfill.ts). */
  pictureBackfillBatch: number;
  /** Web Push: VAPID keys and the sender's retries (http/push-config.ts). */
  push: PushConfig;
  /** Premiums after the sale (issue 49, docs/decisions/0108): days of grace after a due, days a lapsed policy may be revived. */
  premiums: PremiumSettings;
  /** The SMS channel and email for accounts (issue 50, sms/, mail/). */
  sms: SmsSettings;
  mail: MailSettings;
  /** The public address of the PWA, for links in emails (PUBLIC_ORIGIN); null: the request's own in demo mode. */
  publicOrigin: string | null;
}

export interface SmsSettings {
  /** BulkSMSBD's API (BULKSMSBD_API_KEY, BULKSMSBD_SENDER_ID, BULKSMSBD_API_URL); null: the demo outbox, or nothing. */
  bulksmsbd: null | { apiKey: string; senderId: string; apiUrl: string };
  /** SMS one number may receive in a UTC day (SMS_DAILY_LIMIT_PER_NUMBER). */
  dailyLimitPerNumber: number;
  /** SMS the whole server may send in a UTC day (SMS_DAILY_LIMIT). */
  dailyLimit: number;
  /** Tries of one SMS when the gateway fails for a passing reason (SMS_MAX_ATTEMPTS). */
  maxAttempts: number;
  /** How long a one-time code lives (OTP_TTL_SECONDS, 5 minutes). */
  codeTtlSeconds: number;
  /** Wrong tries that spend a code (five). */
  codeMaxAttempts: number;
}

export interface MailSettings {
  /** nodemailer's SMTP address (SMTP_URL), e.g. smtps://user:pass@smtp.example.com; Node only. */
  smtpUrl: string | null;
  /** The sender (MAIL_FROM). */
  from: string;
  /** How long a reset link lives (RESET_LINK_TTL_SECONDS, 30 minutes). */
  resetLinkTtlSeconds: number;
}

function readSms(env: EnvSource): SmsSettings {
  const apiKey = env.BULKSMSBD_API_KEY;
  return {
    bulksmsbd: apiKey
      ? { apiKey, senderId: env.BULKSMSBD_SENDER_ID ?? '', apiUrl: env.BULKSMSBD_API_URL ?? 'http://bulksmsbd.net/api/smsapi' }
      : null,
    dailyLimitPerNumber: Math.max(0, int(env.SMS_DAILY_LIMIT_PER_NUMBER, 10)),
    dailyLimit: Math.max(0, int(env.SMS_DAILY_LIMIT, 2000)),
    maxAttempts: Math.min(5, Math.max(1, int(env.SMS_MAX_ATTEMPTS, 3))),
    codeTtlSeconds: Math.max(30, int(env.OTP_TTL_SECONDS, 300)),
    codeMaxAttempts: 5,
  };
}

export interface PremiumSettings {
  graceDays: number;
  revivalDays: number;
}

export interface SslcommerzSettings {
  storeId: string;
  storePassword: string;
  /** The live gateway (securepay) rather than the sandbox. */
  live: boolean;
  /** The gateway's address: the sandbox's or the live one's by default, a local stand-in in tests. */
  apiUrl: string;
  /** What the payment page offers through it (SSLCOMMERZ_METHODS). */
  methods: SslcommerzMethod[];
  /** Where the gateway sends the person and its notifications back; else the request's own origin. */
  publicOrigin: string | null;
}
export const sslcommerzMethods = ['bkash', 'nagad', 'rocket', 'card'] as const;
export type SslcommerzMethod = (typeof sslcommerzMethods)[number];

function readSslcommerz(env: EnvSource): SslcommerzSettings | null {
  if (!env.SSLCOMMERZ_STORE_ID || !env.SSLCOMMERZ_STORE_PASSWORD) return null;
  const live = env.SSLCOMMERZ_LIVE === 'true';
  const methods = (env.SSLCOMMERZ_METHODS ?? 'bkash,nagad,card')
    .split(',')
    .map((m) => m.trim().toLowerCase())
    .filter((m): m is SslcommerzMethod => (sslcommerzMethods as readonly string[]).includes(m));
  return {
    storeId: env.SSLCOMMERZ_STORE_ID,
    storePassword: env.SSLCOMMERZ_STORE_PASSWORD,
    live,
    apiUrl: (env.SSLCOMMERZ_API_URL ?? `https://${live ? 'securepay' : 'sandbox'}.sslcommerz.com`).replace(/\/$/, ''),
    methods,
    publicOrigin: env.PUBLIC_ORIGIN ? env.PUBLIC_ORIGIN.replace(/\/$/, '') : null,
  };
}

export const rateLimitNames = ['register', 'signIn', 'subscribe', 'support', 'uploads', 'views', 'applications', 'verify', 'documentUploads', 'documentUploadsPerAddress', 'codesPerRecipient', 'codesPerAddress', 'codeChecks'] as const;
export type RateLimitName = (typeof rateLimitNames)[number];
export interface RateLimit {
  max: number;
  windowSeconds: number;
}

/** The defaults: a person never meets them; a script filling the disk or the popular list does. */
const defaultRateLimits: Record<RateLimitName, RateLimit> = {
  register: { max: 10, windowSeconds: 3600 },
  signIn: { max: 60, windowSeconds: 600 },
  subscribe: { max: 10, windowSeconds: 3600 },
  // The contact form, like the newsletter (issue 29): per address, and per person from the outbox.
  support: { max: 10, windowSeconds: 3600 },
  uploads: { max: 30, windowSeconds: 3600 },
  views: { max: 60, windowSeconds: 3600 },
  // Per person, not per address (commands/applications.ts): the work lists fill with every one.
  applications: { max: 20, windowSeconds: 86_400 },
  // Certificate checks (GET /verify/:code): a person scans a few; a script guessing codes is cut off.
  verify: { max: 60, windowSeconds: 600 },
  // Documents started (documents/upload-limit.ts), refused ones too: per account, and per address
  // for many accounts behind one (a mobile carrier's shared address carries many people's).
  documentUploads: { max: 60, windowSeconds: 3600 },
  documentUploadsPerAddress: { max: 600, windowSeconds: 3600 },
  // One-time codes and reset links (issue 50): asked for one number or email, and from one
  // address (any number); codes tried from one address (each code also dies after five wrong).
  codesPerRecipient: { max: 3, windowSeconds: 900 },
  codesPerAddress: { max: 20, windowSeconds: 3600 },
  codeChecks: { max: 30, windowSeconds: 600 },
};
/** What applying for a policy needs of the configuration (commands/applications.ts). */
export type ApplicationLimitSettings = Pick<AppConfig, 'rateLimits' | 'applicationsOpenPerPolicy'>;
/** The product's own, for callers without a configuration (the demo seed run as a script). */
export const defaultApplicationLimits: ApplicationLimitSettings = { rateLimits: defaultRateLimits, applicationsOpenPerPolicy: 3 };
/** What clearing a claim needs of the configuration (commands/claims.ts). */
export type ClaimSettings = Pick<AppConfig, 'claimDecisionWorkingDays'>;
export const defaultClaimSettings: ClaimSettings = { claimDecisionWorkingDays: 10 };

const rateLimitEnv: Record<RateLimitName, string> = {
  register: 'RATE_LIMIT_REGISTER',
  signIn: 'RATE_LIMIT_SIGN_IN',
  subscribe: 'RATE_LIMIT_SUBSCRIBE',
  support: 'RATE_LIMIT_SUPPORT',
  uploads: 'RATE_LIMIT_UPLOADS',
  views: 'RATE_LIMIT_VIEWS',
  applications: 'RATE_LIMIT_APPLICATIONS',
  verify: 'RATE_LIMIT_VERIFY',
  documentUploads: 'RATE_LIMIT_DOCUMENT_UPLOADS',
  documentUploadsPerAddress: 'RATE_LIMIT_DOCUMENT_UPLOADS_PER_ADDRESS',
  codesPerRecipient: 'RATE_LIMIT_CODES_PER_RECIPIENT',
  codesPerAddress: 'RATE_LIMIT_CODES_PER_ADDRESS',
  codeChecks: 'RATE_LIMIT_CODE_CHECKS',
};

/** `RATE_LIMIT_X=max/seconds`, e.g. `10/3600`. */
function rateLimit(value: string | undefined, fallback: RateLimit): RateLimit {
  if (value === undefined || value.trim() === '') return fallback;
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value);
  if (!match) throw new Error(`Expected a rate limit like "10/3600" (requests/seconds), got "${value}"`);
  return { max: Number(match[1]), windowSeconds: Number(match[2]) };
}

export interface ViewCountingSettings {
  /** A counted view waits at most this long before it is written (VIEW_FLUSH_MS; 0: after its own request). */
  flushMs: number;
  /** A batch this many views large is written at once (VIEW_BATCH_SIZE). */
  batchSize: number;
  /** Clients whose view window is remembered (VIEW_LIMIT_MAX_CLIENTS); past it the oldest is forgotten. */
  maxClients: number;
}

export type EnvSource = Record<string, string | undefined>;

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed)) throw new Error(`Expected a number, got "${value}"`);
  return Math.trunc(parsed);
}

export function readConfig(env: EnvSource, defaults: { jwtSecret?: string; vapid?: VapidKeys } = {}): AppConfig {
  const production = env.NODE_ENV === 'production' || env.APP_ENV === 'production';
  const jwtSecret = env.JWT_SECRET ?? defaults.jwtSecret;
  if (!jwtSecret || jwtSecret.length < 32) {
    throw new Error('JWT_SECRET must be set to at least 32 characters');
  }
  const publicOrigin = env.PUBLIC_ORIGIN ?? '';
  const stripeKey = env.STRIPE_SECRET_KEY;
  return {
    demoMode: !production && env.DEMO_MODE !== 'off',
    production,
    jwtSecret,
    jwtIssuer: env.JWT_ISSUER ?? 'insurance-api',
    jwtAudience: env.JWT_AUDIENCE ?? 'insurance-pwa',
    accessTokenTtlSeconds: int(env.ACCESS_TOKEN_TTL_SECONDS, 300),
    refreshTokenTtlSeconds: int(env.REFRESH_TOKEN_TTL_SECONDS, 60 * 60 * 24 * 30),
    secureCookies: publicOrigin.startsWith('https:') || env.SECURE_COOKIES === 'true',
    google:
      env.GOOGLE_ISSUER && env.GOOGLE_CLIENT_ID
        ? {
            issuer: env.GOOGLE_ISSUER,
            clientId: env.GOOGLE_CLIENT_ID,
            jwksUrl: env.GOOGLE_JWKS_URL,
            jwksCooldownSeconds: int(env.GOOGLE_JWKS_COOLDOWN_SECONDS, 30),
          }
        : null,
    payment: {
      amountMinor: int(env.PAYMENT_AMOUNT_MINOR, 5000),
      currency: (env.PAYMENT_CURRENCY ?? 'bdt').toLowerCase(),
      stripe: stripeKey
        ? {
            secretKey: stripeKey,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
            publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? '',
            apiHost: env.STRIPE_API_HOST,
            apiPort: env.STRIPE_API_PORT ? int(env.STRIPE_API_PORT, 443) : undefined,
            apiProtocol: env.STRIPE_API_PROTOCOL === 'http' ? 'http' : env.STRIPE_API_PROTOCOL === 'https' ? 'https' : undefined,
          }
        : null,
      sslcommerz: readSslcommerz(env),
    },
    login: {
      freeAttempts: int(env.LOGIN_FREE_ATTEMPTS, 5),
      clientFreeAttempts: int(env.LOGIN_CLIENT_FREE_ATTEMPTS, 30),
      baseDelaySeconds: int(env.LOGIN_DELAY_BASE_SECONDS, 2),
      maxDelaySeconds: int(env.LOGIN_DELAY_MAX_SECONDS, 15 * 60),
      windowSeconds: int(env.LOGIN_WINDOW_SECONDS, 60 * 60),
    },
    trustProxy: env.TRUST_PROXY === 'true',
    passwordHashConcurrency: int(env.PASSWORD_HASH_CONCURRENCY, 2),
    passwordHashMaxQueue: int(env.PASSWORD_HASH_MAX_QUEUE, 32),
    passwordHashMaxWaitMs: int(env.PASSWORD_HASH_MAX_WAIT_MS, 1000),
    rateLimits: Object.fromEntries(
      rateLimitNames.map((name) => [name, rateLimit(env[rateLimitEnv[name]], defaultRateLimits[name])]),
    ) as Record<RateLimitName, RateLimit>,
    applicationsOpenPerPolicy: Math.max(1, int(env.APPLICATIONS_OPEN_PER_POLICY, defaultApplicationLimits.applicationsOpenPerPolicy)),
    claimDecisionWorkingDays: Math.min(90, Math.max(1, int(env.CLAIM_DECISION_WORKING_DAYS, defaultClaimSettings.claimDecisionWorkingDays))),
    viewCounting: {
      flushMs: int(env.VIEW_FLUSH_MS, 2000),
      batchSize: Math.max(1, int(env.VIEW_BATCH_SIZE, 1000)),
      maxClients: Math.max(1, int(env.VIEW_LIMIT_MAX_CLIENTS, 100_000)),
    },
    uploadQuotaBytes: int(env.UPLOAD_QUOTA_BYTES, 100 * 1024 * 1024),
    unusedUploadGraceSeconds: int(env.UNUSED_UPLOAD_GRACE_SECONDS, 24 * 3600),
    documents: {
      maxBytes: int(env.DOCUMENT_MAX_BYTES, documentLimits.maxBytes),
      quotaBytes: int(env.DOCUMENT_QUOTA_BYTES, documentLimits.quotaBytes),
      maxPixels: int(env.DOCUMENT_MAX_PIXELS, documentLimits.maxPixels),
    },
    catalogueRefreshMs: int(env.CATALOGUE_POPULARITY_SECONDS, 60) * 1000,
    maxJsonBytes: int(env.MAX_JSON_BYTES, 256 * 1024),
    maxImageBytes: 10 * 1024 * 1024,
    maxImagePixels: int(env.IMAGE_MAX_PIXELS, 40_000_000),
    maxWebpPixels: int(env.IMAGE_MAX_WEBP_PIXELS, int(env.IMAGE_MAX_PIXELS, 40_000_000)),
    maxSizedPixels: int(env.IMAGE_MAX_SIZED_PIXELS, 8_000_000),
    pictureBackfillBatch: int(env.PICTURE_BACKFILL_BATCH, 20),
    push: readPushConfig(env, production, defaults.vapid),
    premiums: {
      graceDays: Math.min(365, Math.max(0, int(env.PREMIUM_GRACE_DAYS, defaultGraceDays))),
      revivalDays: Math.min(20 * 365, Math.max(0, int(env.PREMIUM_REVIVAL_DAYS, defaultRevivalDays))),
    },
    sms: readSms(env),
    mail: {
      smtpUrl: env.SMTP_URL?.trim() || null,
      from: env.MAIL_FROM ?? 'LifeSure <no-reply@lifesure.example>',
      resetLinkTtlSeconds: Math.max(60, int(env.RESET_LINK_TTL_SECONDS, 30 * 60)),
    },
    publicOrigin: publicOrigin ? publicOrigin.replace(/\/$/, '') : null,
  };
}
