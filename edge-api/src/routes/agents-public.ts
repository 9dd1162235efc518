import { Hono } from 'hono';
import { access } from '../auth/access.ts';
import { toPublicAgent } from '../db/agents.ts';
import type { AppEnv } from '../env.ts';

/** Approved agents are the users whose role is agent. */
export const agentReadRoutes = new Hono<AppEnv>().get('/agents', access('GET /agents'), async (c) => {
  const rows = await c.var.deps.db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'photo_url', 'phone', 'bio', 'version'])
    .where('role', '=', 'agent')
    .orderBy('name')
    .execute();
  return c.json(rows.map(toPublicAgent), 200);
});
