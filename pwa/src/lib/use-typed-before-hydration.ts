import { useEffect } from 'react';

export interface TypedField {
  element: HTMLInputElement | HTMLSelectElement | null;
  /** The value this render gave the field. */
  rendered: string;
  onTyped: (value: string) => void;
}

/**
 * A prerendered page's fields take typing before the app has hydrated them (on a slow phone, for
 * seconds): the text stays on screen but the app's state never heard of it, so the page would
 * act as if the field were empty. Once hydrated, what each field holds is handed to its
 * `onTyped` as if just typed (issue 32: the first interaction answers as soon as the app can).
 */
export function useTypedBeforeHydration(fields: () => TypedField[]) {
  useEffect(() => {
    for (const { element, rendered, onTyped } of fields()) {
      if (element && element.value !== rendered) onTyped(element.value);
    }
    // Only the first commit, the hydration: later differences are React's own updates in flight.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
