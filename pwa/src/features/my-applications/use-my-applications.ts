/**
 * The signed-in user's applications: from the device's copy (Dexie, filled by GET /sync) once
 * it has been filled, so the list shows offline; until then straight from GET /applications.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { localDb, type Application } from '../../lib/local-db.ts';
import { pullStatus } from '../../lib/pull-status.ts';
import { useStatusStore } from '../../lib/status-store.ts';
import { useRequest } from '../../lib/use-request.ts';
import { fetchMyApplications } from './my-applications-api.ts';

export type MyApplications =
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | { status: 'ready'; data: Application[] };

const newestFirst = (list: Application[]) => [...list].sort((a, b) => b.appliedAt.localeCompare(a.appliedAt));

export function useMyApplications(email: string): MyApplications & { forget: (id: string) => void } {
  const pull = useStatusStore(pullStatus);
  const local = useLiveQuery(() => localDb.applications.where('userEmail').equalsIgnoreCase(email).toArray(), [email]);
  // An empty local list while a pull runs may just be a copy being refilled (another user).
  const localReady = pull.filled && local !== undefined && (local.length > 0 || pull.state !== 'syncing');
  const remote = useRequest((signal) => fetchMyApplications(email, signal), [email], !localReady && email !== '');
  const forget = (id: string) => remote.update((list) => list.filter((application) => application.id !== id));

  if (localReady) return { status: 'ready', data: newestFirst(local), forget };
  if (remote.status === 'ready') return { status: 'ready', data: newestFirst(remote.data), forget };
  if (remote.status === 'error') return { status: 'error', retry: remote.reload, forget };
  return { status: 'loading', forget };
}
