/** Agent requests for admins (spec section 7): list, approve or disapprove, delete. */
import { answerOf } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';
import { pageQuery } from '../../lib/use-paged-request.ts';

export type RequestStatusFilter = '' | 'pending' | 'approved' | 'disapproved';
export const agentRequestsPageSize = 20;

/** One page of agent requests, searched and filtered by the server. */
export async function fetchAgentRequests(query: { q: string; status: RequestStatusFilter; page: number }, signal?: AbortSignal) {
  const res = await api.agents.requests.$get(
    { query: pageQuery(query, agentRequestsPageSize) },
    { init: { signal } },
  );
  return answerOf(res);
}

export type AgentRequest = Awaited<ReturnType<typeof fetchAgentRequests>>['items'][number];

export async function setAgentRequestStatus(id: string, status: 'approved' | 'disapproved'): Promise<void> {
  await answerOf(await api.agents[':id'].status.$patch({ param: { id }, json: { status } }));
}

export async function deleteAgentRequest(id: string): Promise<void> {
  await answerOf(await api.agents[':id'].$delete({ param: { id } }));
}
