/**
 * Reads a piece of the local database live, with the state a screen shows: 'loading' until
 * the first fill, 'error' when nothing is on the device and the server could not be reached,
 * otherwise 'ready' (possibly empty). Retrying pulls again.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { pullStatus } from './pull-status.ts';
import { pullChanges } from './sync-pull.ts';
import { useStatusStore } from './status-store.ts';

export type LocalDataState<T> =
  | { status: 'loading'; data: undefined; retry: () => void }
  | { status: 'error'; data: undefined; error: string; retry: () => void }
  | { status: 'ready'; data: T; retry: () => void };

const retry = () => void pullChanges();

export function useLocalData<T>(query: () => Promise<T>, deps: unknown[], isEmpty: (data: T) => boolean): LocalDataState<T> {
  const data = useLiveQuery(query, deps);
  const pull = useStatusStore(pullStatus);
  if (data === undefined) return { status: 'loading', data: undefined, retry };
  if (isEmpty(data) && !pull.filled) {
    if (pull.state === 'error') return { status: 'error', data: undefined, error: pull.error ?? 'Network error', retry };
    return { status: 'loading', data: undefined, retry };
  }
  return { status: 'ready', data, retry };
}

export const isEmptyList = (list: unknown[] | undefined) => !list || list.length === 0;
