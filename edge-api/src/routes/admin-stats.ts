/** /api/admin-stats: the six figures on the admin's dashboard, and the premiums' (issue 49). */
import { Hono } from 'hono';
import { adminStats } from '../db/admin-stats.ts';
import type { AppEnv } from '../http/env.ts';
import { premiumStats } from '../premiums/persistency.ts';

export const adminStatsRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const { db, clock, config } = c.var.deps;
    const [totals, premiums] = await Promise.all([adminStats(db), premiumStats(db, clock(), config.premiums)]);
    return c.json({ ...totals, premiums }, 200);
  });
