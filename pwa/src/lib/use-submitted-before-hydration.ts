import { useEffect, useState, type RefObject } from 'react';
import { submittedEarlyAttribute } from './early-submit.ts';

/**
 * Sends, once hydrated, a form the visitor sent before the app arrived (lib/early-submit.ts
 * marked it): after the render that holds what was typed (use-typed-before-hydration.ts, declared
 * before this), so the screen's own submit handler sends those values.
 */
export function useSubmittedBeforeHydration(form: RefObject<HTMLFormElement | null>): void {
  const [sentEarly, setSentEarly] = useState(false);
  useEffect(() => {
    if (!form.current?.hasAttribute(submittedEarlyAttribute)) return;
    form.current.removeAttribute(submittedEarlyAttribute);
    // Read once from outside React (the mark the early script left); a render must follow so the
    // typed values are in state when the form is sent.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSentEarly(true);
    // Only the first commit, the hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (sentEarly) form.current?.requestSubmit();
  }, [sentEarly, form]);
}
