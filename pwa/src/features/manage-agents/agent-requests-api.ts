/** Agent requests for admins (spec section 7): list, approve or disapprove, delete. */
import { jsonOrThrow, toApiError } from '../../lib/api-error.ts';
import { authFetch } from '../../lib/http.ts';

export type AgentRequestStatus = 'pending' | 'approved' | 'disapproved';

export interface AgentRequest {
  id: string;
  name: string;
  email: string;
  phone: string;
  nid: string;
  district: string;
  status: AgentRequestStatus;
  createdAt: string;
}

export async function fetchAgentRequests(signal?: AbortSignal): Promise<AgentRequest[]> {
  const body = await jsonOrThrow<AgentRequest[] | { data: AgentRequest[] }>(await authFetch('/agents/all', { signal }));
  return Array.isArray(body) ? body : body.data;
}

export async function setAgentRequestStatus(id: string, status: 'approved' | 'disapproved'): Promise<void> {
  const res = await authFetch(`/agents/${encodeURIComponent(id)}/status`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ status }),
  });
  if (!res.ok) throw await toApiError(res);
}

export async function deleteAgentRequest(id: string): Promise<void> {
  const res = await authFetch(`/agents/${encodeURIComponent(id)}`, { method: 'DELETE' });
  if (!res.ok) throw await toApiError(res);
}
