import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { AppConfig } from './config.ts';
import type { BatchRunner } from '../db/batch.ts';
import type { Database } from '../db/schema.ts';
import type { SessionUser } from '../db/users.ts';
import type { ViewCounter } from '../lib/view-counter.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import type { SslcommerzGateway } from '../payments/sslcommerz-gateway.ts';
import type { ImageStore } from '../storage/images.ts';
import type { OpsHooks } from './ops.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { SmsProvider } from '../sms/provider.ts';

/** Everything the app needs from outside; entry points and tests choose the drivers. */
export interface AppDeps {
  db: Kysely<Database>;
  batch: BatchRunner;
  config: AppConfig;
  images: ImageStore;
  clock: () => Date;
  /** Card payments: Stripe, the demo mode, or refusing (see payments/choose-provider.ts). */
  payments: PaymentProvider;
  /** SSLCommerz's client when its store is configured: the official package on Node, fetch on the Worker. */
  sslcommerz?: SslcommerzGateway | null;
  /** Policy views counted in memory, written in batches (lib/view-counter.ts). */
  views: ViewCounter;
  /** The client's network address (per-client limits); see client-address.ts. */
  clientAddress?: (c: Context<AppEnv>) => string | undefined;
  /** Fetch used for outside services (OpenID JWKS); tests may point it at local stand-ins. */
  fetch?: typeof fetch;
  /** Request log lines, counted events, readiness checks: the runtime's (http/ops.ts, decision 0080). */
  ops?: OpsHooks;
  /** The SMS gateway (sms/choose.ts): BulkSMSBD, the demo outbox, or none. */
  sms?: SmsProvider | null;
  /** Account emails (mail/mailer.ts): SMTP on Node, the demo outbox, or none. */
  mailer?: Mailer | null;
}

export type { SessionUser };

export interface AppEnv {
  Variables: {
    /**
     * Hot paths read it with `c.get('deps')`: `c.var` copies every variable into a new object
     * on each read (hono's Context), a small cost and garbage on every request (issue 32).
     */
    deps: AppDeps;
    /** The signed-in user, loaded from the database on every request; null for visitors. */
    user: SessionUser | null;
    /** This request's id, as the request log names it and the answer's X-Request-Id says. */
    requestId: string;
  };
}
