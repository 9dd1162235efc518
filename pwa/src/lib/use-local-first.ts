/**
 * A list a screen reads local-first: from the device's copy (Dexie, filled by GET /sync) once
 * that copy has been filled, so it shows offline; until then straight from the server. The
 * one hook behind My Applications, the agent's claims and the agent's customers.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { pullStatus } from './pull-status.ts';
import { useStatusStore } from './status-store.ts';
import { useRequest } from './use-request.ts';

export type LocalFirstList<T> =
  | { status: 'loading' }
  | { status: 'error'; error: unknown; retry: () => void }
  | { status: 'ready'; data: T[] };

export interface LocalFirstSource<T> {
  /** Reads the rows from the local database (a live query: re-run when they change). */
  local: () => Promise<T[]>;
  /** Asks the server for the same rows. */
  remote: (signal: AbortSignal) => Promise<T[]>;
  /** What both depend on (the user's email, say); compared by value. */
  inputs: readonly unknown[];
  /** False to ask nothing (yet). */
  enabled?: boolean;
  /** The order the screen shows. */
  order?: (a: T, b: T) => number;
}

export function useLocalFirst<T>(source: LocalFirstSource<T>): LocalFirstList<T> & { updateRemote: (change: (list: T[]) => T[]) => void } {
  const { inputs, enabled = true, order } = source;
  const pull = useStatusStore(pullStatus);
  const local = useLiveQuery(source.local, [...inputs]);
  // An empty local list while a pull runs may just be a copy being refilled (another user).
  const localReady = pull.filled && local !== undefined && (local.length > 0 || pull.state !== 'syncing');
  const remote = useRequest(source.remote, inputs, enabled && !localReady);
  const sorted = (list: T[]) => (order ? [...list].sort(order) : list);
  const updateRemote = remote.update;

  if (localReady) return { status: 'ready', data: sorted(local), updateRemote };
  if (remote.status === 'ready') return { status: 'ready', data: sorted(remote.data), updateRemote };
  if (remote.status === 'error') return { status: 'error', error: remote.error, retry: remote.reload, updateRemote };
  return { status: 'loading', updateRemote };
}
