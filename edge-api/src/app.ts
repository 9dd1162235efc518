import { Hono } from 'hono';
import { setHashConcurrency } from './auth/hash-queue.ts';
import { loadSession } from './auth/session.ts';
import type { AppDeps, AppEnv } from './env.ts';
import { ApiError, errorResponse, handleError } from './errors.ts';
import { adminRoutes } from './routes/admin.ts';
import { agentRequestRoutes } from './routes/agent-requests.ts';
import { agentReadRoutes } from './routes/agents-public.ts';
import { applicationRoutes } from './routes/applications.ts';
import { authRoutes } from './routes/auth.ts';
import { blogAdminRoutes } from './routes/blogs-admin.ts';
import { blogReadRoutes } from './routes/blogs.ts';
import { contentRoutes } from './routes/content.ts';
import { paymentRoutes } from './routes/payments.ts';
import { policyAdminRoutes } from './routes/policies-admin.ts';
import { policyReadRoutes } from './routes/policies.ts';
import { syncRoutes } from './routes/sync.ts';
import { uploadRoutes } from './routes/uploads.ts';
import { userRoutes } from './routes/users.ts';
import { crossSiteProtection, requestSizeLimits, securityHeaders } from './security.ts';

/** The whole API. Entry points (Node, Worker) and tests build it the same way. */
export function createApp(deps: AppDeps) {
  setHashConcurrency(deps.config.passwordHashConcurrency);
  const app = new Hono<AppEnv>()
    .use(securityHeaders())
    .use(async (c, next) => {
      c.set('deps', deps);
      await next();
    })
    .use(crossSiteProtection)
    .use(requestSizeLimits)
    .use(loadSession)
    .route('/', policyReadRoutes)
    .route('/', blogReadRoutes)
    .route('/', agentReadRoutes)
    .route('/', authRoutes)
    .route('/', userRoutes)
    .route('/', agentRequestRoutes)
    .route('/', uploadRoutes)
    .route('/', contentRoutes)
    .route('/', paymentRoutes)
    .route('/', policyAdminRoutes)
    .route('/', applicationRoutes)
    .route('/', blogAdminRoutes)
    .route('/', adminRoutes)
    .route('/', syncRoutes);

  app.notFound((c) => errorResponse(c, new ApiError(404, 'not_found', `No such endpoint: ${c.req.method} ${c.req.path}`)));
  app.onError(handleError);
  return app;
}

export type App = ReturnType<typeof createApp>;
export type { AppDeps } from './env.ts';
