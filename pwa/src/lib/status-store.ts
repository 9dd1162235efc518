import { useSyncExternalStore } from 'react';

/** A tiny observable value for module-level state that React screens read. */
export function createStatusStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    /** The value before anything happened: what a prerendered page shows (hydration starts from it). */
    initial: () => initial,
    set(next: T) {
      value = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export function useStatusStore<T>(store: ReturnType<typeof createStatusStore<T>>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.initial);
}

/**
 * One value derived from a store (a flag, a message): the screen re-renders only when that value
 * changes, not on every set. `select` must return a primitive (compared with Object.is). A
 * pull sets its status several times; the public screens care only whether the copy is filled.
 */
export function useStatusOf<T, V extends string | number | boolean | null | undefined>(
  store: ReturnType<typeof createStatusStore<T>>,
  select: (value: T) => V,
): V {
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.get()),
    () => select(store.initial()),
  );
}
