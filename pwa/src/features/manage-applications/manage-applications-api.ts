/** Admin calls on applications (spec section 7): list all, approved agents, assign, reject. */
import type { PublicAgent } from 'edge-api/src/db/agents.ts';
import { toApiError } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';
import type { Application } from '../../lib/local-db.ts';

export type { Application, PublicAgent };

export interface AdminApplications {
  applications: Application[];
  agents: PublicAgent[];
}

/** Both lists the screen needs, together: every application, and the approved agents to assign. */
export async function fetchApplicationsAndAgents(signal?: AbortSignal): Promise<AdminApplications> {
  const [applications, agents] = await Promise.all([api.applications.all.$get(undefined, { init: { signal } }), api.agents.$get(undefined, { init: { signal } })]);
  if (!applications.ok) throw await toApiError(applications);
  if (!agents.ok) throw await toApiError(agents);
  return { applications: await applications.json(), agents: await agents.json() };
}

/** A fresh key per admin action: a repeated request (a retry) changes nothing twice. */
const once = () => ({ headers: { 'Idempotency-Key': crypto.randomUUID() } });

export async function assignAgent(id: string, agentEmail: string) {
  const res = await api.applications.assign[':id'].$patch({ param: { id }, json: { agentEmail } }, once());
  if (!res.ok) throw await toApiError(res);
  return res.json();
}

export async function rejectApplication(id: string) {
  const res = await api.applications.reject[':id'].$patch({ param: { id } }, once());
  if (!res.ok) throw await toApiError(res);
  return res.json();
}
