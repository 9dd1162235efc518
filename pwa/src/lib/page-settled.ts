/**
 * When the page has become interactive: the app has committed its first screen (hydrated or
 * rendered), the load event has fired (the first screen's own files and pictures are in), and
 * the browser has had an idle moment. Background work that competes with the page for a slow
 * network or a slow CPU (the local database code, the pulls of the local copy, the service
 * worker's ~1 MB precache) starts only then, never before the first screen's own requests
 * (docs/decisions/0051-background-work-after-the-page-is-interactive.md).
 * Nothing here touches the window until asked, so the prerender (Node) can import it.
 */
import { yieldToBrowser } from './yield-to-browser.ts';

let committed: () => void = () => undefined;
const appCommitted = new Promise<void>((resolve) => (committed = resolve));

/** Called once the app's first commit has happened (app-tree.tsx). */
export const noteAppCommitted = () => committed();

/** An idle moment, or `idleTimeoutMs` at the most (a page that is never idle still gets its pull). */
const idleTimeoutMs = 3_000;

const loaded = () =>
  new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });

const idle = () =>
  new Promise<void>((resolve) => {
    // Safari has no requestIdleCallback: a short pause after load stands in.
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: idleTimeoutMs });
    else setTimeout(resolve, 200);
  });

let settled: Promise<void> | null = null;

export function pageSettled(): Promise<void> {
  // The mark lets a trace (bench/slow-phone.ts) show where background work began.
  settled ??= Promise.all([appCommitted, loaded()])
    .then(idle)
    .then(() => void performance.mark('page-settled'));
  return settled;
}

let turn: Promise<void> = Promise.resolve();

/**
 * Starts `step` once the page has settled: each step in a task of its own (a pause for the
 * browser before each), in the order asked. Started together, the background pieces (the sync
 * engine, the local reads, the worker's registration, ...) made one task of ~60 ms on a slow
 * phone, mostly the loader adding each piece's files (docs/decisions/0065-*). A step's own
 * waiting (a download, a request) does not hold the next one back.
 */
export function afterSettled<T>(step: () => T): Promise<Awaited<T>> {
  const started = turn
    .then(pageSettled)
    .then(yieldToBrowser)
    .then(() => ({ result: step() }));
  turn = started.then(
    () => undefined,
    () => undefined,
  );
  return started.then(({ result }) => result as Awaited<T>);
}
