import { Hono } from 'hono';
import { setHashConcurrency } from './auth/hash-queue.ts';
import { apiPrefix } from './http/api-prefix.ts';
import { loadSession } from './auth/session.ts';
import type { AppDeps, AppEnv } from './http/env.ts';
import { ApiError, errorResponse, handleError } from './http/errors.ts';
import { consoleOps } from './http/ops-console.ts';
import { readOpsSettings, type OpsHooks } from './http/ops.ts';
import { requestLog } from './http/request-log.ts';
import { adminStatsRoutes } from './routes/admin-stats.ts';
import { agentRoutes } from './routes/agents.ts';
import { applicationRoutes } from './routes/applications.ts';
import { auditRoutes } from './routes/audit.ts';
import { authRoutes } from './routes/auth.ts';
import { blogRoutes } from './routes/blogs.ts';
import { clientConfigRoutes } from './routes/client-config.ts';
import { createPaymentIntentRoutes } from './routes/create-payment-intent.ts';
import { faqRoutes } from './routes/faqs.ts';
import { healthRoutes } from './routes/health.ts';
import { imageRoutes } from './routes/images.ts';
import { makeAdminRoutes } from './routes/make-admin.ts';
import { notificationRoutes, pushHealthRoutes } from './routes/notifications.ts';
import { paymentRoutes } from './routes/payments.ts';
import { policyRoutes } from './routes/policies.ts';
import { subscribeRoutes } from './routes/subscribe.ts';
import { syncRoutes } from './routes/sync.ts';
import { uploadRoutes } from './routes/uploads.ts';
import { userRoutes } from './routes/users.ts';
import { webhookRoutes } from './routes/webhooks.ts';
import { apiSecurityHeaders, crossSiteProtection, privateByDefault, requestSizeLimits } from './http/security.ts';

/**
 * The API's routes, each module mounted at its own path (the path names the file). Its type
 * is what the PWA's typed client (`hc`) is built from, relative to `apiPrefix`.
 */
function apiRoutes(deps: AppDeps, ops: OpsHooks) {
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set('deps', deps);
      await next();
    })
    .use(privateByDefault)
    .use(crossSiteProtection)
    .use(requestSizeLimits)
    // Before the session: a probe bearing OPS_TOKEN is no signed-in user.
    .route('/health', healthRoutes(ops))
    .use(loadSession)
    .route('/policies', policyRoutes)
    .route('/blogs', blogRoutes)
    .route('/agents', agentRoutes)
    .route('/faqs', faqRoutes)
    .route('/subscribe', subscribeRoutes)
    .route('/client-config', clientConfigRoutes)
    .route('/images', imageRoutes)
    .route('/auth', authRoutes)
    .route('/uploads', uploadRoutes)
    .route('/users', userRoutes)
    .route('/make-admin', makeAdminRoutes)
    .route('/applications', applicationRoutes)
    .route('/admin-stats', adminStatsRoutes)
    .route('/audit', auditRoutes)
    .route('/payments', paymentRoutes)
    .route('/create-payment-intent', createPaymentIntentRoutes)
    .route('/webhooks', webhookRoutes)
    .route('/sync', syncRoutes)
    .route('/notifications', notificationRoutes)
    .route('/admin/push-health', pushHealthRoutes)
    .onError(handleError);
}

/** The whole API under `/api`. Entry points (Node, Worker) and tests build it the same way. */
export function createApp(deps: AppDeps) {
  setHashConcurrency(deps.config.passwordHashConcurrency, deps.config.passwordHashMaxQueue, deps.config.passwordHashMaxWaitMs);
  // An app built without a runtime's hooks (a test walking its routes) logs JSON to the console.
  const ops = deps.ops ?? consoleOps(readOpsSettings({}));
  const app = new Hono<AppEnv>()
    .use(requestLog(ops))
    .use(apiSecurityHeaders())
    .route(apiPrefix, apiRoutes(deps.ops ? deps : { ...deps, ops }, ops));
  app.notFound((c) => errorResponse(c, new ApiError(404, 'not_found', `No such endpoint: ${c.req.method} ${c.req.path}`)));
  app.onError(handleError);
  return app;
}

/** The API's routes as the typed client sees them (paths relative to `apiPrefix`). */
export type App = ReturnType<typeof apiRoutes>;
export type { AppDeps } from './http/env.ts';
