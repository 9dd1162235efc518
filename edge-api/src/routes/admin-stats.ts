/** /api/admin-stats: the six figures on the admin's dashboard. */
import { Hono } from 'hono';
import { adminStats } from '../db/admin-stats.ts';
import type { AppEnv } from '../http/env.ts';

export const adminStatsRoutes = new Hono<AppEnv>()
  .get('/', async (c) => c.json(await adminStats(c.var.deps.db), 200));
