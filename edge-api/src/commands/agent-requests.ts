/**
 * Requests to become an agent: a signed-in user asks; an admin approves (the user becomes an
 * agent), disapproves (an approved agent goes back to user) or deletes. Each change is one
 * conditional statement in one batch with its audit row (auth/role-changes.ts), so two admins
 * deciding at once make one change and the other is told what they ran into.
 */
import { sql } from 'kysely';
import { actorOf, decideAgentRequest, deleteAgentRequest } from '../auth/role-changes.ts';
import { findAgentRequest, type AgentRequest } from '../db/agent-requests.ts';
import type { AppDeps, SessionUser } from '../http/env.ts';
import { conflict, notFound } from '../http/errors.ts';
import { newId } from '../lib/ids.ts';
import type { AgentRequestInput } from '../schemas/auth.ts';
import { notifyAdmins } from '../notifications/events.ts';

type Deps = Pick<AppDeps, 'db' | 'batch' | 'clock'>;

/** A plain user asks to become an agent; one open (pending) request per user, decided by the insert itself. */
export async function submitAgentRequest(deps: Deps, user: SessionUser, body: AgentRequestInput): Promise<AgentRequest> {
  if (user.role !== 'user') {
    throw conflict(`You are already ${user.role === 'admin' ? 'an admin' : 'an agent'}.`);
  }
  const now = deps.clock().toISOString();
  const id = newId();
  const [inserted] = await deps.batch([
    sql`insert into agent_requests (id, user_id, name, email, phone, nid, district, status, created_at, updated_at)
        select ${id}, ${user.id}, ${body.name}, ${user.email}, ${body.phone}, ${body.nid}, ${body.district}, 'pending', ${now}, ${now}
        where not exists (select 1 from agent_requests where user_id = ${user.id} and status = 'pending')`.compile(deps.db),
    // Every admin is told, only if the request above was made.
    ...notifyAdmins(deps.db, { event: 'agent-request.submitted', entityId: id, at: now }, sql`EXISTS (SELECT 1 FROM agent_requests WHERE agent_requests.id = ${id})`),
  ]);
  if (inserted?.changes !== 1) {
    throw conflict('You already have an agent request waiting for review.');
  }
  const request = await findAgentRequest(deps.db, id);
  if (!request) throw notFound('Agent request');
  return request;
}

/** An admin approves or disapproves; refused (409, with the status found) when it already is so. */
export async function setAgentRequestStatus(deps: Deps, admin: SessionUser, id: string, status: 'approved' | 'disapproved') {
  const results = await deps.batch(decideAgentRequest(deps.db, actorOf(admin), id, status, deps.clock().toISOString()));
  const request = await findAgentRequest(deps.db, id);
  if (!request) throw notFound('Agent request');
  if (results.at(-1)?.changes !== 1) {
    throw conflict(`This request is already ${status}.`, { status: request.status });
  }
  return request;
}

/** An admin deletes a request (recorded in the audit log). */
export async function removeAgentRequest(deps: Deps, admin: SessionUser, id: string): Promise<void> {
  const results = await deps.batch(deleteAgentRequest(deps.db, actorOf(admin), id, deps.clock().toISOString()));
  if (results.at(-1)?.changes !== 1) throw notFound('Agent request');
}
