/**
 * Reads a piece of the local database live, with the state a screen shows: 'loading' until
 * the first fill, 'error' when nothing is on the device and the server could not be reached,
 * otherwise 'ready' (possibly empty). Retrying pulls again. The public screens use it: the
 * database code and the sync engine load only once the page has settled (use-local-query.ts).
 */
import type { LocalDb } from './local-db.ts';
import { pullStatus } from './pull-status.ts';
import { useStatusStore } from './status-store.ts';
import { useLocalQuery } from './use-local-query.ts';

export type LocalDataState<T> =
  | { status: 'loading'; data: undefined; retry: () => void }
  | { status: 'error'; data: undefined; error: string; retry: () => void }
  | { status: 'ready'; data: T; retry: () => void };

const retry = () => void import('./sync-pull.ts').then((engine) => engine.pullChanges());

export function useLocalData<T>(query: (db: LocalDb) => Promise<T>, deps: unknown[], isEmpty: (data: T) => boolean): LocalDataState<T> {
  const data = useLocalQuery(query, deps);
  const pull = useStatusStore(pullStatus);
  if (data === undefined) return { status: 'loading', data: undefined, retry };
  if (isEmpty(data) && !pull.filled) {
    if (pull.state === 'error') return { status: 'error', data: undefined, error: pull.error ?? 'Network error', retry };
    return { status: 'loading', data: undefined, retry };
  }
  return { status: 'ready', data, retry };
}

/**
 * While the local copy loads, the data the page was prerendered with (if any) is shown and
 * hydrated; the local copy (or its error) replaces it.
 */
export function orPrerendered<T>(local: LocalDataState<T>, prerendered: T | undefined): LocalDataState<T> {
  return local.status === 'loading' && prerendered !== undefined ? { status: 'ready', data: prerendered, retry: local.retry } : local;
}

export const isEmptyList = (list: unknown[] | undefined) => !list || list.length === 0;
