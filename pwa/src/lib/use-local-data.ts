/**
 * Reads a piece of the local database live, with the state a screen shows: 'loading' until
 * the first fill, 'error' when nothing is on the device and the server could not be reached,
 * otherwise 'ready' (possibly empty). Retrying pulls again. The public screens use it: the
 * database code and the sync engine load only once the page has settled (use-local-query.ts).
 */
import { useMemo } from 'react';
import type { LocalDb } from './local-db.ts';
import { pullStatus } from './pull-status.ts';
import { useStatusOf } from './status-store.ts';
import { useOnline } from './use-online.ts';
import { useLocalQuery } from './use-local-query.ts';

export type LocalDataState<T> =
  | { status: 'loading'; data: undefined; retry: () => void }
  | { status: 'error'; data: undefined; error: string; retry: () => void }
  | { status: 'ready'; data: T; retry: () => void };

const retry = () => void import('./offline-entry.ts').then((engine) => engine.pullChanges());

/**
 * `prerendered`: the data the page was built with, shown (and hydrated) instead while the copy
 * is not filled yet: on a first visit it fills in small steps (sync-pull.ts), and a list read
 * half-way would be shorter than the one on screen, so the copy is not even read until then
 * (re-reading a growing table after every step was most of the fill's work). When the fill
 * fails, its error shows, unless the device is offline: then the built data is the best there is.
 */
export function useLocalData<T>(
  query: (db: LocalDb) => Promise<T>,
  deps: unknown[],
  isEmpty: (data: T) => boolean,
  prerendered?: T,
): LocalDataState<T> {
  const filled = useStatusOf(pullStatus, (pull) => pull.filled);
  const error = useStatusOf(pullStatus, (pull) => (pull.state === 'error' ? (pull.error ?? 'Network error') : null));
  const online = useOnline();
  const data = useLocalQuery(query, deps, prerendered === undefined || filled);
  // The copy's rows equal to the prerendered ones (a first visit, a catalogue unchanged since the
  // build): the prerendered list is kept, so the screen does not draw the same cards again.
  const same = useMemo(() => data !== undefined && prerendered !== undefined && JSON.stringify(data) === JSON.stringify(prerendered), [data, prerendered]);
  const fromCopy = ((): LocalDataState<T> => {
    if (data === undefined) return { status: 'loading', data: undefined, retry };
    if (isEmpty(data) && !filled) {
      if (error !== null) return { status: 'error', data: undefined, error, retry };
      return { status: 'loading', data: undefined, retry };
    }
    return { status: 'ready', data: same && prerendered !== undefined ? prerendered : data, retry };
  })();
  if (prerendered === undefined) return fromCopy;
  // Once filled, the copy takes over at its first answer: until then the built data stays on
  // screen rather than a moment of 'loading' between two lists.
  if (filled) return data === undefined ? { status: 'ready', data: prerendered, retry } : fromCopy;
  if (error !== null && online) return { status: 'error', data: undefined, error, retry };
  return { status: 'ready', data: prerendered, retry };
}

export const isEmptyList = (list: unknown[] | undefined) => !list || list.length === 0;
