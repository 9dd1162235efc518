/** Admin calls on applications (spec section 7): a page of them, approved agents, assign, reject. */
import type { PublicAgent } from 'edge-api/src/db/agents.ts';
import type { RejectionGroundsInput } from 'edge-api/src/schemas/application.ts';
import { answerOf } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';
import type { Application } from '../../lib/local-db.ts';
import { pageQuery, type PageOf } from '../../lib/use-paged-request.ts';

export type { Application, PublicAgent };

export type StatusFilter = '' | 'pending' | 'assigned' | 'approved' | 'rejected';

export interface ApplicationQuery {
  /** Applicant, email or policy name. */
  q: string;
  status: StatusFilter;
  page: number;
}

export const applicationsPageSize = 20;

/** One page of applications, searched and filtered by the server. */
export async function fetchApplicationsPage(query: ApplicationQuery, signal?: AbortSignal): Promise<PageOf<Application>> {
  const res = await api.applications.search.$get(
    { query: pageQuery(query, applicationsPageSize) },
    { init: { signal } },
  );
  return answerOf(res);
}

/** The approved agents an application can be assigned to. */
export async function fetchAgents(signal?: AbortSignal): Promise<PublicAgent[]> {
  const res = await api.agents.$get(undefined, { init: { signal } });
  return answerOf(res);
}

/** A fresh key per admin action: a repeated request (a retry) changes nothing twice. */
const once = () => ({ headers: { 'Idempotency-Key': crypto.randomUUID() } });

export async function assignAgent(id: string, agentEmail: string) {
  const res = await api.applications.assign[':id'].$patch({ param: { id }, json: { agentEmail } }, once());
  return answerOf(res);
}

/** The admin's reject, with the reason the customer reads (issue 29). */
export async function rejectApplication(id: string, grounds: RejectionGroundsInput) {
  const res = await api.applications.reject[':id'].$patch({ param: { id }, json: grounds }, once());
  return answerOf(res);
}
