/** The background pull waits while a screen's own request is out (issue 17), never for ever. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screenRequest, screensServed } from './screens-first.ts';

const settledYet = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
};

afterEach(() => {
  vi.useRealTimers();
});

describe('a screen before the background pull', () => {
  it('lets the pull go at once when no screen is waiting', async () => {
    expect(await settledYet(screensServed())).toBe(true);
  });

  it('holds the pull until every screen request out has settled, answered or failed', async () => {
    let answer!: (value: string) => void;
    let fail!: (error: Error) => void;
    const first = screenRequest(new Promise<string>((resolve) => (answer = resolve)));
    const second = screenRequest(new Promise<string>((_, reject) => (fail = reject)));
    second.catch(() => undefined);
    const pull = screensServed();
    expect(await settledYet(pull)).toBe(false);
    answer('page 1');
    expect(await first).toBe('page 1');
    expect(await settledYet(pull)).toBe(false);
    fail(new Error('offline'));
    await expect(second).rejects.toThrow('offline');
    expect(await settledYet(pull)).toBe(true);
    expect(await settledYet(screensServed())).toBe(true);
  });

  it('stops holding after five seconds when a screen request hangs', async () => {
    vi.useFakeTimers();
    screenRequest(new Promise<never>(() => undefined));
    const pull = screensServed();
    expect(await settledYet(pull)).toBe(false);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await settledYet(pull)).toBe(true);
  });
});
