import { useSyncExternalStore } from 'react';

/** A tiny observable value for module-level state that React screens read. */
export function createStatusStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
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
  return useSyncExternalStore(store.subscribe, store.get);
}
