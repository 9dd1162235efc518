/**
 * The applications assigned to the signed-in agent: from the device's copy (filled by GET
 * /sync, so an agent in the field sees them offline) once it has been filled, until then
 * from GET /applications/assigned/:email.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { localDb, type Application } from '../../lib/local-db.ts';
import { pullStatus } from '../../lib/pull-status.ts';
import { useStatusStore } from '../../lib/status-store.ts';
import { useRequest } from '../../lib/use-request.ts';
import { fetchAssignedApplications } from './claims-api.ts';

export type AssignedApplications =
  | { status: 'loading' }
  | { status: 'error'; error: unknown; retry: () => void }
  | { status: 'ready'; data: Application[] };

const newestFirst = (list: Application[]) => [...list].sort((a, b) => b.appliedAt.localeCompare(a.appliedAt));

export function useAssignedApplications(agentEmail: string): AssignedApplications & { replace: (row: Application) => void } {
  const pull = useStatusStore(pullStatus);
  const local = useLiveQuery(() => localDb.applications.where('assignedAgent').equalsIgnoreCase(agentEmail).toArray(), [agentEmail]);
  // An empty local list while a pull runs may just be a copy being refilled (another user).
  const localReady = pull.filled && local !== undefined && (local.length > 0 || pull.state !== 'syncing');
  const remote = useRequest((signal) => fetchAssignedApplications(agentEmail, signal), [agentEmail], !localReady && agentEmail !== '');
  const replace = (row: Application) => remote.update((list) => list.map((item) => (item.id === row.id ? row : item)));

  if (localReady) return { status: 'ready', data: newestFirst(local), replace };
  if (remote.status === 'ready') return { status: 'ready', data: newestFirst(remote.data), replace };
  if (remote.status === 'error') return { status: 'error', error: remote.error, retry: remote.reload, replace };
  return { status: 'loading', replace };
}

/** The claims waiting for the agent's decision (spec section 5: pending or assigned, any case). */
export const isOpenClaim = (application: Pick<Application, 'status'>) => {
  const status = application.status.toLowerCase();
  return status === 'pending' || status === 'assigned';
};
