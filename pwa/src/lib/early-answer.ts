/**
 * The contract between a prerendered page's early answer (a small inline script that answers the
 * page's first interaction before the app has hydrated, decision 0091) and the app that takes
 * over from it. No imports and no framework: the early script is built from this too.
 *  - Just before hydrating, the app announces it (`announceHydration`): the early script puts
 *    the page back exactly as it was prerendered, so React hydrates the HTML it made.
 *  - If the early script had answered, the page's results stay hidden meanwhile (`handOverOnHydration`,
 *    styled by the feature), so the full list does not flash back; the screen clears that once
 *    its own answer shows (`earlyAnswerSettled`), or the early script does after a while.
 */

const hydratingEvent = 'app:hydrating';
const takingOverEvent = 'app:taking-over';
const settlingAttribute = 'data-early-answer';

/** main.tsx, right before hydrateRoot. */
export function announceHydration(): void {
  document.dispatchEvent(new Event(hydratingEvent));
}

/**
 * main.tsx, right before the app renders into the page, hydrating it or from scratch: from then
 * on the app answers the page's links itself (lib/early-leave.ts).
 */
export function announceTakeover(): void {
  document.dispatchEvent(new Event(takingOverEvent));
}

/** An early script's way to stand down once the app takes the page over. */
export function onTakeover(listener: () => void): void {
  document.addEventListener(takingOverEvent, listener, { once: true });
}

/** Which page's early answer it was: the attribute's value, which the page's styles select on. */
export type EarlyAnswerPage = 'catalogue' | 'quote';

/** How long an answer given back may stay hidden, waiting for the app's own, before showing anyway. */
const settleAtMostMs = 5000;

/**
 * Whether the page is the one the build prerendered for this address: the only one main.tsx
 * hydrates (a query, such as a search in the address, makes the app render from scratch).
 */
export function isPageAsPrerendered(root: HTMLElement | null): boolean {
  return !!root && root.dataset.prerendered === location.pathname && !location.search;
}

/**
 * The early script's side of the hand-over, once the app is about to hydrate: it `stop`s
 * answering and, if it had `answered()`, `restore`s the page as prerendered and keeps the page's
 * results out of sight until the app shows its own (`earlyAnswerSettled`), at most a few seconds.
 */
export function handOverOnHydration(page: EarlyAnswerPage, { answered, restore, stop }: { answered: () => boolean; restore: () => void; stop: () => void }): void {
  const handOver = () => {
    stop();
    if (!answered()) return;
    restore();
    document.documentElement.setAttribute(settlingAttribute, page);
    window.setTimeout(earlyAnswerSettled, settleAtMostMs);
  };
  document.addEventListener(hydratingEvent, handOver, { once: true });
}

/** The screen, on hydrating: whether its page's early answer was shown (and is now settling). */
export function earlyAnswerShown(page: EarlyAnswerPage): boolean {
  return document.documentElement.getAttribute(settlingAttribute) === page;
}

/** The screen, once it shows its own answer to what was typed early. */
export function earlyAnswerSettled(): void {
  document.documentElement.removeAttribute(settlingAttribute);
}
