/**
 * A screen's own page goes before the background pull. An admin's first pull is tens of pages
 * (docs/decisions/0030-admin-offline-scope.md); if each page of it goes out while Manage
 * Applications or All Transactions waits for its first page, the server and the main thread
 * serve the pull first and the screen shows seconds later (issue 17). So while a screen's
 * request is out, the pull waits before asking for its next page. It never waits longer than
 * `longestHoldMs` (a request that hangs must not stop the device's copy from filling).
 */
const longestHoldMs = 5_000;

let out = 0;
let served: Promise<void> = Promise.resolve();
let release: () => void = () => undefined;

/** Marks a screen's request as out until it settles; returns it unchanged. */
export function screenRequest<T>(request: Promise<T>): Promise<T> {
  if (out === 0) served = new Promise<void>((resolve) => (release = resolve));
  out += 1;
  const settle = () => {
    out -= 1;
    if (out === 0) release();
  };
  request.then(settle, settle);
  return request;
}

/** Resolves once no screen's request is out (at once when none is), or after the longest hold. */
export function screensServed(): Promise<void> {
  if (out === 0) return Promise.resolve();
  return Promise.race([served, new Promise<void>((resolve) => setTimeout(resolve, longestHoldMs))]);
}
