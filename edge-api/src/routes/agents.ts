/**
 * Requests to become an agent (spec: Agent request, Manage Agents). A signed-in user asks;
 * an admin approves (the user becomes an agent), disapproves (an approved agent goes back to
 * user) or deletes. Every decision is recorded in audit_log. Visitors see the approved agents
 * (GET /api/agents): the users whose role is agent.
 */
import { Hono } from 'hono';
import { currentUser } from '../auth/access.ts';
import { removeAgentRequest, setAgentRequestStatus, submitAgentRequest } from '../commands/agent-requests.ts';
import { newestAgentRequests, toAgentRequest } from '../db/agent-requests.ts';
import { listApprovedAgents } from '../db/agents.ts';
import type { AppEnv } from '../http/env.ts';
import { publicCache } from '../http/security.ts';
import { agentRequestListQuery, listAgentRequests } from '../lists/agent-request-list.ts';
import { agentRequestBody, agentRequestStatus } from '../schemas/auth.ts';
import { idParam } from '../schemas/params.ts';
import { validate } from '../http/validation.ts';

/** The spec's unpaged GET /agents/all keeps a bounded default page; Manage Agents uses /agents/requests. */
const unpagedLimit = 500;

export const agentRoutes = new Hono<AppEnv>()
  .get('/', publicCache(), async (c) => c.json(await listApprovedAgents(c.var.deps.db), 200))
  .post('/', validate('json', agentRequestBody), async (c) => {
    const request = await submitAgentRequest(c.var.deps, currentUser(c), c.req.valid('json'));
    return c.json({ message: 'Your request to become an agent has been submitted.', request }, 201);
  })

  .get('/all', async (c) => c.json(await newestAgentRequests(c.var.deps.db, unpagedLimit), 200))
  .get('/requests', validate('query', agentRequestListQuery), async (c) => {
    return c.json(await listAgentRequests(c.var.deps.db, c.req.valid('query'), toAgentRequest), 200);
  })

  .patch(
    '/:id/status',
    validate('param', idParam),
    validate('json', agentRequestStatus),
    async (c) => {
      const { status } = c.req.valid('json');
      const request = await setAgentRequestStatus(c.var.deps, currentUser(c), c.req.valid('param').id, status);
      const message = status === 'approved' ? 'The request was approved: this user is now an agent.' : 'The request was disapproved.';
      return c.json({ success: true, message, request }, 200);
    },
  )

  .delete('/:id', validate('param', idParam), async (c) => {
    await removeAgentRequest(c.var.deps, currentUser(c), c.req.valid('param').id);
    return c.json({ success: true, message: 'The agent request was deleted.' }, 200);
  });
