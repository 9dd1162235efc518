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

const idle = (): Promise<void> =>
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

/**
 * A visitor reading a prerendered page they have not touched yet is left alone: the local
 * database's work (Dexie's code and opening, the first pull, the outbox) waits past the page's
 * settling until their first act (a tap, a click, a key, a wheel) has been answered, or until
 * `untouchedPageMs` have passed. On a slow phone that work is seconds of main thread; during
 * the first look at a page it only delays the person's first tap, and a visitor's page already
 * works from its prerendered data (docs/decisions/0095-a-visitors-page-is-left-alone.md).
 * A signed-in person (their outbox, their private rows) and a screen that was not prerendered
 * (it reads the local copy to show anything) are not held.
 */
export const untouchedPageMs = 5_000;
const actEvents = ['pointerdown', 'keydown', 'wheel'] as const;

export type BackgroundRelease = 'act' | 'untouched' | 'signed-in';

let hold: { released: Promise<BackgroundRelease>; release: (why: BackgroundRelease) => void } | null = null;

/** The first act on `target`, listened to passively; not listened for any more once `over` settles. */
function firstAct(target: EventTarget, over: Promise<unknown>): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      for (const name of actEvents) target.removeEventListener(name, acted, true);
    };
    const acted = () => {
      stop();
      resolve();
    };
    for (const name of actEvents) target.addEventListener(name, acted, { capture: true, passive: true });
    void over.then(stop);
  });
}

/** main.tsx, for a visitor's prerendered page: the local database's work waits (see above). */
export function holdUntilFirstAct(): void {
  if (hold) return;
  let release: (why: BackgroundRelease) => void = () => undefined;
  const released = new Promise<BackgroundRelease>((resolve) => (release = resolve));
  hold = { released, release };
  // An act is answered (its screen drawn) before the held work starts.
  void firstAct(window, released).then(idle).then(() => release('act'));
  void pageSettled()
    .then(() => new Promise((resolve) => setTimeout(resolve, untouchedPageMs)))
    .then(() => release('untouched'));
  // The mark lets a test or a trace see when, and why, the held work began.
  void released.then((why) => void performance.mark('background-released', { detail: why }));
}

/** A person signed in: their local work starts at once. */
export function releaseHeldWork(why: BackgroundRelease): void {
  hold?.release(why);
}

/** When the local database's work may start: at once, unless the page holds it (above). */
export function heldWorkMayStart(): Promise<void> {
  return hold ? hold.released.then(() => undefined) : Promise.resolve();
}
