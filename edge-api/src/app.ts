import { Hono, type Context, type Next } from 'hono';
import { setHashConcurrency } from './auth/hash-queue.ts';
import { apiPrefix, isApiPath } from './http/api-prefix.ts';
import { enforceAccess } from './auth/access.ts';
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
import { phoneAuthRoutes } from './routes/phone-auth.ts';
import { demoOutboxRoutes } from './routes/demo-outbox.ts';
import { blogRoutes } from './routes/blogs.ts';
import { claimRoutes } from './routes/claims.ts';
import { claimDocumentRoutes } from './routes/claim-documents.ts';
import { clientConfigRoutes } from './routes/client-config.ts';
import { documentRoutes } from './routes/documents.ts';
import { createPaymentIntentRoutes } from './routes/create-payment-intent.ts';
import { faqRoutes } from './routes/faqs.ts';
import { healthRoutes } from './routes/health.ts';
import { imageRoutes } from './routes/images.ts';
import { makeAdminRoutes } from './routes/make-admin.ts';
import { notificationRoutes, pushHealthRoutes } from './routes/notifications.ts';
import { paymentRoutes } from './routes/payments.ts';
import { policyRoutes } from './routes/policies.ts';
import { subscribeRoutes, unsubscribeRoutes } from './routes/subscribe.ts';
import { supportRoutes } from './routes/support.ts';
import { syncRoutes } from './routes/sync.ts';
import { uploadRoutes } from './routes/uploads.ts';
import { userRoutes } from './routes/users.ts';
import { webhookRoutes } from './routes/webhooks.ts';
import { sslcommerzRoutes } from './routes/sslcommerz.ts';
import { receiptRoutes } from './routes/receipts.ts';
import { certificateRoutes } from './routes/certificates.ts';
import { verifyRoutes } from './routes/verify.ts';
import { serviceRequestRoutes } from './routes/service-requests.ts';
import { premiumRoutes } from './routes/premiums.ts';
import { isCompleteAnswer } from './http/complete-answer.ts';
import { privateByDefault, requestChecks, secureApiAnswer } from './http/security.ts';
import { outerLayerRouter } from './http/outer-layer-router.ts';

/**
 * The API's routes, each module mounted at its own path (the path names the file). Its type
 * is what the PWA's typed client (`hc`) is built from, relative to `apiPrefix`.
 */
function apiRoutes(ops: OpsHooks) {
  return new Hono<AppEnv>()
    // Before the session: a probe bearing OPS_TOKEN is no signed-in user. The probes only answer
    // GET, which the request checks pass anyway; any other method falls through to them.
    .route('/health', healthRoutes(ops))
    // Every other route passes the request checks, the session and the access table first: in
    // createApp's one outer layer (requestGate), not in a layer of its own (decision 0118).
    .route('/policies', policyRoutes)
    .route('/blogs', blogRoutes)
    .route('/agents', agentRoutes)
    .route('/faqs', faqRoutes)
    .route('/subscribe', subscribeRoutes)
    .route('/unsubscribe', unsubscribeRoutes)
    .route('/support', supportRoutes)
    .route('/client-config', clientConfigRoutes)
    .route('/images', imageRoutes)
    .route('/auth', authRoutes)
    // Phone sign-in, forgotten passwords, a proven number (issue 50): their own module, under /auth.
    .route('/auth', phoneAuthRoutes)
    .route('/demo', demoOutboxRoutes)
    .route('/uploads', uploadRoutes)
    .route('/users', userRoutes)
    .route('/make-admin', makeAdminRoutes)
    .route('/applications', applicationRoutes)
    // Documents on applications (issue 27): their own module, under the application's path.
    .route('/applications', documentRoutes)
    .route('/admin-stats', adminStatsRoutes)
    .route('/audit', auditRoutes)
    .route('/payments', paymentRoutes)
    .route('/create-payment-intent', createPaymentIntentRoutes)
    .route('/webhooks', webhookRoutes)
    .route('/sslcommerz', sslcommerzRoutes)
    .route('/receipts', receiptRoutes)
    .route('/certificates', certificateRoutes)
    .route('/verify', verifyRoutes)
    .route('/sync', syncRoutes)
    .route('/notifications', notificationRoutes)
    .route('/claims', claimRoutes)
    .route('/claims', claimDocumentRoutes)
    .route('/service-requests', serviceRequestRoutes)
    .route('/admin/push-health', pushHealthRoutes)
    .route('/premiums', premiumRoutes);
  // No onError of its own: createApp's (the same handleError) answers for every route. A mounted
  // app with its own onError has each of its middleware and handlers wrapped in one more
  // compose per request, a large part of the layers' cost (issue 32).
}

const healthPrefix = `${apiPrefix}/health/`;

/**
 * What needs no gate: paths outside the API (they answer 404), and the health probes, which answer
 * GET only and before the session (a probe bearing OPS_TOKEN is no signed-in user). Any other method
 * on a probe's path is gated as every API route is.
 */
const passesGate = (method: string, path: string) =>
  !isApiPath(path) || ((method === 'GET' || method === 'HEAD') && path.startsWith(healthPrefix));

/**
 * Every API route's gate: the checks of a request that may carry a body, then who is asking, then
 * whether they may call the route they matched (auth/access.ts). It runs inside createApp's outer
 * layer rather than as a middleware of its own: one composed handler less on every request (issue 52).
 */
const requestGate = (c: Context<AppEnv>, next: Next) =>
  requestChecks(c, () =>
    loadSession(c, () => {
      enforceAccess(c);
      return next();
    }) as Promise<void>,
  );

/** Whether the outer layer already runs for this request: its first step names the request (request-log.ts). */
const outerLayerStarted = (c: Context<AppEnv>) => c.get('requestId') !== undefined;

/** The whole API under `/api`. Entry points (Node, Worker) and tests build it the same way. */
export function createApp(deps: AppDeps) {
  setHashConcurrency(deps.config.passwordHashConcurrency, deps.config.passwordHashMaxQueue, deps.config.passwordHashMaxWaitMs);
  // An app built without a runtime's hooks (a test walking its routes) logs JSON to the console.
  const ops = deps.ops ?? consoleOps(readOpsSettings({}));
  const withOps = deps.ops ? deps : { ...deps, ops };
  const log = requestLog(ops);
  // Every layer is paid by every request (issue 32), so what all of them need is one: the log
  // line, around the security headers, around the app's dependencies and the rule that an API
  // answer is private unless its route says otherwise. A refusal thrown by any later layer is
  // already an answer when this one resumes, so it gets all of these too. A route that wrote
  // all of its answer's headers itself (http/complete-answer.ts) is left as it is.
  const outer = async (c: Context<AppEnv>, next: () => Promise<void>) => {
    const logged = log.start(c);
    c.set('deps', withOps);
    try {
      await (passesGate(c.req.method, c.req.path) ? next() : requestGate(c, next));
    } catch (err) {
      // A refusal by the gate or the route: answered here as Hono's onError would, so it gets the headers and the log line below.
      c.res = handleError(err as Error, c);
    }
    if (!isCompleteAnswer(c.res)) {
      secureApiAnswer(c);
      if (isApiPath(c.req.path)) privateByDefault(c);
    }
    log.finish(c, logged);
  };
  // The outer layer runs around the first handler a request matches, not as a route of its own:
  // no compose for a route with one handler, no wildcard in the trie (http/outer-layer-router.ts, decision 0122).
  const app = new Hono<AppEnv>({ router: outerLayerRouter(outer, outerLayerStarted) as never }).route(apiPrefix, apiRoutes(ops));
  app.notFound((c) => {
    const answer = () => errorResponse(c, new ApiError(404, 'not_found', `No such endpoint: ${c.req.method} ${c.req.path}`));
    if (outerLayerStarted(c)) return answer();
    // Matched nothing: the outer layer still runs (the gate, the headers, the log line).
    return outer(c, async () => {
      c.res = answer();
    }).then(() => c.res);
  });
  app.onError(handleError);
  return app;
}

/** The API's routes as the typed client sees them (paths relative to `apiPrefix`). */
export type App = ReturnType<typeof apiRoutes>;
export type { AppDeps } from './http/env.ts';
