/** Admin calls on applications (spec section 7): list all, approved agents, assign, reject. */
import type { PublicAgent } from 'edge-api/src/db/agents.ts';
import { jsonOrThrow } from '../../lib/api-error.ts';
import { authFetch } from '../../lib/http.ts';
import type { Application } from '../../lib/local-db.ts';

export type { Application, PublicAgent };

const listOf = <T,>(body: T[] | { data: T[] }): T[] => (Array.isArray(body) ? body : body.data);

export interface AdminApplications {
  applications: Application[];
  agents: PublicAgent[];
}

/** Both lists the screen needs, together: every application, and the approved agents to assign. */
export async function fetchApplicationsAndAgents(signal?: AbortSignal): Promise<AdminApplications> {
  const [applications, agents] = await Promise.all([
    authFetch('/applications/all', { signal }).then((res) => jsonOrThrow<Application[] | { data: Application[] }>(res)),
    authFetch('/agents', { signal }).then((res) => jsonOrThrow<PublicAgent[] | { data: PublicAgent[] }>(res)),
  ]);
  return { applications: listOf(applications), agents: listOf(agents) };
}

interface Changed {
  success: true;
  message: string;
  application: Application;
}

const patch = async (path: string, body?: unknown): Promise<Changed> =>
  jsonOrThrow<Changed>(
    await authFetch(path, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
  );

export const assignAgent = (id: string, agentEmail: string) => patch(`/applications/assign/${encodeURIComponent(id)}`, { agentEmail });
export const rejectApplication = (id: string) => patch(`/applications/reject/${encodeURIComponent(id)}`);
