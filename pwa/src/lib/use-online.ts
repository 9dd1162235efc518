import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void) {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function useOnline(): boolean {
  // Prerendered pages are built as if online; hydration starts from that, then the real state shows.
  return useSyncExternalStore(subscribe, () => navigator.onLine, () => true);
}
