/**
 * The contract between a prerendered page's early answer (a small inline script that answers the
 * page's first interaction before the app has hydrated, decision 0091) and the app that takes
 * over from it. No imports and no framework: the early script is built from this too.
 *  - Just before hydrating, the app announces it (`announceHydration`): the early script puts
 *    the page back exactly as it was prerendered, so React hydrates the HTML it made.
 *  - If the early script had answered, the page's results stay hidden meanwhile (`settleUntilAnswered`,
 *    styled by the feature), so the full list does not flash back; the screen clears that once
 *    its own answer shows (`earlyAnswerSettled`), or the early script does after a while.
 */

const hydratingEvent = 'app:hydrating';
const settlingAttribute = 'data-early-answer';

/** main.tsx, right before hydrateRoot. */
export function announceHydration(): void {
  document.dispatchEvent(new Event(hydratingEvent));
}

/** The early script: `restore` runs once, when the app is about to hydrate. */
export function onHydrationAnnounced(restore: () => void): void {
  document.addEventListener(hydratingEvent, restore, { once: true });
}

/** Which page's early answer it was: the attribute's value, which the page's styles select on. */
export type EarlyAnswerPage = 'catalogue' | 'quote';

/** The early script, having restored an answer it had shown: hidden until the app answers, at most `ms`. */
export function settleUntilAnswered(page: EarlyAnswerPage, ms: number): void {
  document.documentElement.setAttribute(settlingAttribute, page);
  window.setTimeout(earlyAnswerSettled, ms);
}

/** The screen, on hydrating: whether its page's early answer was shown (and is now settling). */
export function earlyAnswerShown(page: EarlyAnswerPage): boolean {
  return document.documentElement.getAttribute(settlingAttribute) === page;
}

/** The screen, once it shows its own answer to what was typed early. */
export function earlyAnswerSettled(): void {
  document.documentElement.removeAttribute(settlingAttribute);
}
