/**
 * The customers whose applications are assigned to the signed-in agent, local-first
 * (lib/use-local-first.ts: offline in the field), most recently assigned first.
 * (The clearance screen reads the same list its own way: features do not share code.)
 */
import { toApiError } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';
import { localDb, type Application } from '../../lib/local-db.ts';
import { useLocalFirst, type LocalFirstList } from '../../lib/use-local-first.ts';

export class InvalidFormatError extends Error {
  constructor() {
    super('No assigned customers found or invalid response format.');
  }
}

async function fetchAssigned(email: string, signal: AbortSignal): Promise<Application[]> {
  const res = await api.applications.assigned[':email'].$get({ param: { email } }, { init: { signal } });
  if (!res.ok) throw await toApiError(res);
  const body: unknown = await res.json();
  if (!Array.isArray(body)) throw new InvalidFormatError();
  return body as Application[];
}

export type AssignedCustomers = LocalFirstList<Application>;

export function useAssignedCustomers(agentEmail: string, enabled: boolean): AssignedCustomers {
  return useLocalFirst({
    local: () => localDb.applications.where('assignedAgent').equalsIgnoreCase(agentEmail).toArray(),
    remote: (signal) => fetchAssigned(agentEmail, signal),
    inputs: [agentEmail],
    enabled: enabled && agentEmail !== '',
    order: (a, b) => (b.assignedAt ?? b.appliedAt).localeCompare(a.assignedAt ?? a.appliedAt),
  });
}
