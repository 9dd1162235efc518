/** /api/client-config: the public settings the PWA needs before anyone signs in. */
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { publicCache } from '../http/security.ts';
import { sslcommerzMinimumMinor } from '../schemas/premium-schedule.ts';

export const clientConfigRoutes = new Hono<AppEnv>()
  .get('/', publicCache(), (c) => {
    const { google } = c.var.deps.config;
    const { payments } = c.var.deps;
    return c.json(
      {
        googleClientId: google?.clientId ?? null,
        googleConfigured: google !== null,
        // 'off' in production without Stripe keys: the PWA says card payments are unavailable.
        payments: { mode: payments.mode, publishableKey: payments.publishableKey },
        // What the payment page offers through SSLCommerz (bKash, Nagad, card), or null.
        sslcommerz: c.var.deps.config.payment.sslcommerz && c.var.deps.sslcommerz ? { methods: c.var.deps.config.payment.sslcommerz.methods } : null,
        // Issue 49: what the phone needs to work a policy's state out offline (schemas/premium-schedule.ts).
        premiums: { ...c.var.deps.config.premiums, minimumChargeMinor: sslcommerzMinimumMinor },
        // Issue 50: whether codes can go by SMS (a gateway, or the demo's outbox) and reset links by email.
        phoneSignIn: Boolean(c.var.deps.sms),
        emailReset: Boolean(c.var.deps.mailer),
      },
      200,
    );
  });
