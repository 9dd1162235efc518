/**
 * A form sent on a prerendered page before its app has arrived (on a slow phone, for seconds).
 * The page's forms are `method="dialog"`, so the browser sends nothing and leaves nothing: no
 * reload that starts the page's downloads again, no name or email in the address. This marks the
 * form as sent (part of early-leave.ts, inline on every prerendered page); once hydrated, the
 * form's screen sends it itself (use-submitted-before-hydration.ts), with what was typed.
 */
import { onTakeover } from './early-answer.ts';

/** On a form the visitor sent before the app had hydrated it. */
export const submittedEarlyAttribute = 'data-submitted-early';

function onSubmit(event: SubmitEvent) {
  // A page's own early answer (the quote's Calculate) has answered it already.
  if (event.defaultPrevented || !(event.target instanceof HTMLFormElement)) return;
  event.target.setAttribute(submittedEarlyAttribute, '');
}

export function markFormsSentEarly(): void {
  document.addEventListener('submit', onSubmit);
  onTakeover(() => document.removeEventListener('submit', onSubmit));
}
