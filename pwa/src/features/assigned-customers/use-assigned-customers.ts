/**
 * The customers whose applications are assigned to the signed-in agent. Online, a page at a
 * time from the server (the whole history, searched there: issue 17); offline, the device's
 * copy (lib/use-local-first.ts), which holds the claims in flight and a month of decisions
 * (docs/decisions/0060-agent-offline-scope.md), most recently assigned first.
 * (The clearance screen reads the same list its own way: features do not share code.)
 */
import { answerOf } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';
import { localDb, type Application } from '../../lib/local-db.ts';
import { useLocalFirst, type LocalFirstList } from '../../lib/use-local-first.ts';
import { pageQuery, type PageOf } from '../../lib/use-paged-request.ts';

export class InvalidFormatError extends Error {
  constructor() {
    super('No assigned customers found or invalid response format.');
  }
}

export const customersPageSize = 20;

/** One page of the agent's assigned applications, searched by the server. */
export async function fetchAssignedPage(email: string, query: { q: string; page: number }, signal: AbortSignal): Promise<PageOf<Application>> {
  const res = await api.applications.assigned[':email'].search.$get(
    {
      param: { email },
      query: pageQuery(query, customersPageSize),
    },
    { init: { signal } },
  );
  const body: Partial<PageOf<Application>> = await answerOf(res);
  if (!Array.isArray(body.items)) throw new InvalidFormatError();
  return body as PageOf<Application>;
}

async function fetchAssigned(email: string, signal: AbortSignal): Promise<Application[]> {
  const res = await api.applications.assigned[':email'].$get({ param: { email } }, { init: { signal } });
  const body: unknown = await answerOf(res);
  if (!Array.isArray(body)) throw new InvalidFormatError();
  return body as Application[];
}

export type AssignedCustomers = LocalFirstList<Application>;

/** The device's copy (offline), or the server's bounded list when the copy is not there yet. */
export function useAssignedCustomersOnDevice(agentEmail: string, enabled: boolean): AssignedCustomers {
  return useLocalFirst({
    local: () => localDb.applications.where('assignedAgent').equalsIgnoreCase(agentEmail).toArray(),
    remote: (signal) => fetchAssigned(agentEmail, signal),
    inputs: [agentEmail],
    enabled: enabled && agentEmail !== '',
    order: (a, b) => (b.assignedAt ?? b.appliedAt).localeCompare(a.assignedAt ?? a.appliedAt),
  });
}

/** The device's search: the server's, over applicant, email and policy, case-insensitive. */
export const matchesSearch = (customer: Application, q: string) => {
  const text = q.trim().toLowerCase();
  if (!text) return true;
  return [customer.name, customer.email, customer.userEmail, customer.policyName, customer.policyNameBn].some((value) => value?.toLowerCase().includes(text));
};
