/**
 * The customers whose applications are assigned to the signed-in agent: from the device's
 * copy once filled (offline in the field), until then from GET /applications/assigned/:email.
 * (The clearance screen reads the same list its own way: features do not share code.)
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { toApiError } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';
import { localDb, type Application } from '../../lib/local-db.ts';
import { pullStatus } from '../../lib/pull-status.ts';
import { useStatusStore } from '../../lib/status-store.ts';
import { useRequest } from '../../lib/use-request.ts';

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

export type AssignedCustomers =
  | { status: 'loading' }
  | { status: 'error'; error: unknown; retry: () => void }
  | { status: 'ready'; data: Application[] };

const newestAssignedFirst = (list: Application[]) =>
  [...list].sort((a, b) => (b.assignedAt ?? b.appliedAt).localeCompare(a.assignedAt ?? a.appliedAt));

export function useAssignedCustomers(agentEmail: string, enabled: boolean): AssignedCustomers {
  const pull = useStatusStore(pullStatus);
  const local = useLiveQuery(() => localDb.applications.where('assignedAgent').equalsIgnoreCase(agentEmail).toArray(), [agentEmail]);
  const localReady = pull.filled && local !== undefined && (local.length > 0 || pull.state !== 'syncing');
  const remote = useRequest((signal) => fetchAssigned(agentEmail, signal), [agentEmail], enabled && !localReady && agentEmail !== '');

  if (localReady) return { status: 'ready', data: newestAssignedFirst(local) };
  if (remote.status === 'ready') return { status: 'ready', data: newestAssignedFirst(remote.data) };
  if (remote.status === 'error') return { status: 'error', error: remote.error, retry: remote.reload };
  return { status: 'loading' };
}
