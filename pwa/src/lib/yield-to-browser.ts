/**
 * Ends the present task so the browser can take a tap, a keystroke or a frame before the next
 * piece of background work: on a slow phone a page stays usable while the local copy loads and
 * fills only if that work comes in tasks of under ~50 ms (docs/decisions/0065-*).
 * scheduler.yield() where there is one (the continuation goes before other queued work, after
 * input); a zero timeout elsewhere.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
