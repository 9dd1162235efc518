/** Whether the user asked the system for less motion (prefers-reduced-motion: reduce). */
import { useSyncExternalStore } from 'react';

const query = '(prefers-reduced-motion: reduce)';

function subscribe(listener: () => void) {
  const media = window.matchMedia(query);
  media.addEventListener('change', listener);
  return () => media.removeEventListener('change', listener);
}

export function useReducedMotion(): boolean {
  // Prerendered pages are built with motion allowed; hydration starts from that, then the real preference shows.
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches, () => false);
}
