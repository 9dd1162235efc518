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
