/**
 * How long the outbox waits before trying again after a failed push: exponential (1 s, 2 s,
 * 4 s, ...) up to a cap of a minute, with jitter over the upper half, so that many phones that
 * lost the network together do not all come back at the same instant.
 */
export const backoffBaseMs = 1000;
export const backoffCapMs = 60_000;

/** The delay after `attempt` failures in a row (0 = the first failure). */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(backoffCapMs, backoffBaseMs * 2 ** Math.max(0, attempt));
  return ceiling / 2 + random() * (ceiling / 2);
}

/**
 * Runs `attempt` until it reports done, at most `tries` times, waiting the retry delay between
 * tries: for work that must be finished within one event the browser gives (a Background Sync).
 * Whether it was done in the end.
 */
export async function doneWithin(
  attempt: () => Promise<boolean>,
  tries: number,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<boolean> {
  for (let tried = 0; tried < tries; tried += 1) {
    if (tried > 0) await wait(retryDelayMs(tried - 1));
    if (await attempt()) return true;
  }
  return false;
}
