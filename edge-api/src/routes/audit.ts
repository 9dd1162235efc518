/** /api/audit: the audit log, newest first, paged by a cursor. */
import { Hono } from 'hono';
import { auditLogPage } from '../db/audit.ts';
import type { AppEnv } from '../http/env.ts';
import { auditPage } from '../schemas/audit.ts';
import { validate } from '../http/validation.ts';

export const auditRoutes = new Hono<AppEnv>()
  .get('/', validate('query', auditPage), async (c) => c.json(await auditLogPage(c.var.deps.db, c.req.valid('query')), 200));
