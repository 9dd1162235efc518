/**
 * Requests to become an agent (spec: Agent request, Manage Agents). A signed-in user asks;
 * an admin approves (the user becomes an agent), disapproves (an approved agent goes back to
 * user) or deletes. Every decision is recorded in audit_log. Visitors see the approved agents
 * (GET /api/agents): the users whose role is agent.
 */
import { Hono } from 'hono';
import { sql, type Selectable } from 'kysely';
import { access, currentUser } from '../auth/access.ts';
import { actorOf, decideAgentRequest, deleteAgentRequest } from '../auth/role-changes.ts';
import { agentRequestBody, agentRequestStatus } from '../schemas/auth.ts';
import { toPublicAgent } from '../db/agents.ts';
import type { Database } from '../db/schema.ts';
import type { AppEnv } from '../env.ts';
import { publicCache } from '../security.ts';
import { conflict, notFound } from '../errors.ts';
import { newId } from '../lib/ids.ts';
import { agentRequestListQuery, listAgentRequests } from '../lists/agent-request-list.ts';
import { idParam } from '../schemas/params.ts';
import { validate } from '../validation.ts';

type RequestRow = Selectable<Database['agent_requests']>;

/** An agent request as the admin screen shows it (spec section 3, Agent request). */
export const toAgentRequest = (row: RequestRow) => ({
  id: row.id,
  userId: row.user_id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  nid: row.nid,
  district: row.district,
  status: row.status,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export const agentRoutes = new Hono<AppEnv>()
  .get('/', access('GET /agents'), publicCache(), async (c) => {
    const rows = await c.var.deps.db
      .selectFrom('users')
      .select(['id', 'name', 'email', 'photo_url', 'phone', 'bio', 'version'])
      .where('role', '=', 'agent')
      .orderBy('name')
      .execute();
    return c.json(rows.map(toPublicAgent), 200);
  })
  .post('/', access('POST /agents'), validate('json', agentRequestBody), async (c) => {
    const body = c.req.valid('json');
    const { deps } = c.var;
    const user = currentUser(c);
    if (user.role !== 'user') {
      throw conflict(`You are already ${user.role === 'admin' ? 'an admin' : 'an agent'}.`);
    }
    const now = deps.clock().toISOString();
    const id = newId();
    // One open (pending) request per user, decided by the insert itself.
    const [inserted] = await deps.batch([
      sql`insert into agent_requests (id, user_id, name, email, phone, nid, district, status, created_at, updated_at)
          select ${id}, ${user.id}, ${body.name}, ${user.email}, ${body.phone}, ${body.nid}, ${body.district}, 'pending', ${now}, ${now}
          where not exists (select 1 from agent_requests where user_id = ${user.id} and status = 'pending')`.compile(deps.db),
    ]);
    if (inserted?.changes !== 1) {
      throw conflict('You already have an agent request waiting for review.');
    }
    const row = await deps.db.selectFrom('agent_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return c.json({ message: 'Your request to become an agent has been submitted.', request: toAgentRequest(row) }, 201);
  })

  .get('/all', access('GET /agents/all'), async (c) => {
    // The spec's unpaged call keeps a bounded default page; Manage Agents uses /agents/requests.
    const rows = await c.var.deps.db
      .selectFrom('agent_requests')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(500)
      .execute();
    return c.json(rows.map(toAgentRequest), 200);
  })
  .get('/requests', access('GET /agents/requests'), validate('query', agentRequestListQuery), async (c) => {
    return c.json(await listAgentRequests(c.var.deps.db, c.req.valid('query'), toAgentRequest), 200);
  })

  .patch(
    '/:id/status',
    access('PATCH /agents/:id/status'),
    validate('param', idParam),
    validate('json', agentRequestStatus),
    async (c) => {
      const { id } = c.req.valid('param');
      const { status } = c.req.valid('json');
      const { deps } = c.var;
      const results = await deps.batch(
        decideAgentRequest(deps.db, actorOf(currentUser(c)), id, status, deps.clock().toISOString()),
      );
      const row = await deps.db.selectFrom('agent_requests').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound('Agent request');
      if (results.at(-1)?.changes !== 1) {
        throw conflict(`This request is already ${status}.`, { status: row.status });
      }
      const message = status === 'approved' ? 'The request was approved: this user is now an agent.' : 'The request was disapproved.';
      return c.json({ success: true, message, request: toAgentRequest(row) }, 200);
    },
  )

  .delete('/:id', access('DELETE /agents/:id'), validate('param', idParam), async (c) => {
    const { id } = c.req.valid('param');
    const { deps } = c.var;
    const results = await deps.batch(deleteAgentRequest(deps.db, actorOf(currentUser(c)), id, deps.clock().toISOString()));
    if (results.at(-1)?.changes !== 1) throw notFound('Agent request');
    return c.json({ success: true, message: 'The agent request was deleted.' }, 200);
  });
