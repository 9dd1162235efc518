/**
 * A list of the signed-in user's own rows, read local-first: from the device's copy (Dexie,
 * filled by GET /sync) once a pull has completed FOR THIS USER, so it shows offline and costs
 * no request; until then straight from the server. An empty list is only shown as 'none' when
 * it comes from a completed pull for this user or from the server itself; when neither could
 * be had, the screen says the list is not downloaded yet, with Try again. The one hook behind
 * My Applications, the agent's claims and the agent's customers.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { downloadedFor, pullStatus } from './pull-status.ts';
import { useStatusStore } from './status-store.ts';
import { pullChanges } from './sync-pull.ts';
import { useRequest } from './use-request.ts';
import { useSession } from './use-session.ts';

export type LocalFirstList<T> =
  | { status: 'loading' }
  /** Neither on the device (for this user) nor from the server: 'Not downloaded yet'. */
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
  const { user } = useSession();
  const pull = useStatusStore(pullStatus);
  const local = useLiveQuery(source.local, [...inputs]);
  const downloaded = downloadedFor(pull, user?.id);
  const localReady = downloaded && local !== undefined;
  // Nothing is asked before the device's readiness is known: a filled copy answers alone (also
  // in the moment before its live query has first answered, so a returning visit asks nothing).
  const remote = useRequest(source.remote, inputs, enabled && pull.known && !downloaded);
  const sorted = (list: T[]) => (order ? [...list].sort(order) : list);
  const updateRemote = remote.update;

  if (localReady) return { status: 'ready', data: sorted(local), updateRemote };
  if (remote.status === 'ready') return { status: 'ready', data: sorted(remote.data), updateRemote };
  if (remote.status === 'error') {
    const retry = () => {
      remote.reload();
      void pullChanges();
    };
    return { status: 'error', error: remote.error, retry, updateRemote };
  }
  return { status: 'loading', updateRemote };
}
