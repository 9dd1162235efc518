/** Agent requests for admins (spec section 7): list, approve or disapprove, delete. */
import { toApiError } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';

export async function fetchAgentRequests(signal?: AbortSignal) {
  const res = await api.agents.all.$get(undefined, { init: { signal } });
  if (!res.ok) throw await toApiError(res);
  return res.json();
}

export type AgentRequest = Awaited<ReturnType<typeof fetchAgentRequests>>[number];

export async function setAgentRequestStatus(id: string, status: 'approved' | 'disapproved'): Promise<void> {
  const res = await api.agents[':id'].status.$patch({ param: { id }, json: { status } });
  if (!res.ok) throw await toApiError(res);
}

export async function deleteAgentRequest(id: string): Promise<void> {
  const res = await api.agents[':id'].$delete({ param: { id } });
  if (!res.ok) throw await toApiError(res);
}
