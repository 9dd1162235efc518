import { useSyncExternalStore } from 'react';

const noChanges = () => () => {};

/**
 * False while React hydrates a prerendered page (the server's snapshot), true after and on every
 * render in the browser. For what the prerendered HTML cannot know, such as the history entry's
 * navigation state a reload keeps: reading it during hydration draws other text than the HTML
 * (React error #418).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noChanges, () => true, () => false);
}
