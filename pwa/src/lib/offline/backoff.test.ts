import { describe, expect, it } from 'vitest';
import { backoffCapMs, doneWithin, retryDelayMs } from './backoff.ts';

describe('the outbox retry delay', () => {
  it('doubles with each failure, within the upper half of its ceiling', () => {
    expect(retryDelayMs(0, () => 0)).toBe(500);
    expect(retryDelayMs(0, () => 1)).toBe(1000);
    expect(retryDelayMs(1, () => 0)).toBe(1000);
    expect(retryDelayMs(3, () => 0.5)).toBe(6000);
  });

  it('never waits longer than the cap, however many failures', () => {
    for (const attempt of [6, 7, 10, 16, 100]) {
      expect(retryDelayMs(attempt, () => 1)).toBe(backoffCapMs);
      expect(retryDelayMs(attempt, () => 0)).toBe(backoffCapMs / 2);
    }
  });

  it('spreads retries apart (jitter)', () => {
    const delays = new Set(Array.from({ length: 20 }, () => retryDelayMs(4)));
    expect(delays.size).toBeGreaterThan(1);
    for (const delay of delays) {
      expect(delay).toBeGreaterThanOrEqual(8000);
      expect(delay).toBeLessThanOrEqual(16_000);
    }
  });
});

describe('work tried a few times within one event', () => {
  const noWait = async () => {};

  it('tries again after a failure, waiting longer each time, and stops once done', async () => {
    const results = [false, false, true, true];
    const waits: number[] = [];
    let tries = 0;
    const done = await doneWithin(async () => results[tries++]!, 6, async (ms) => void waits.push(ms));
    expect(done).toBe(true);
    expect(tries).toBe(3);
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeLessThanOrEqual(1000);
    expect(waits[1]).toBeGreaterThanOrEqual(1000);
  });

  it('gives up after the tries it was given, not done', async () => {
    let tries = 0;
    expect(await doneWithin(async () => (tries++, false), 6, noWait)).toBe(false);
    expect(tries).toBe(6);
  });

  it('does not wait before the first try', async () => {
    const waits: number[] = [];
    expect(await doneWithin(async () => true, 6, async (ms) => void waits.push(ms))).toBe(true);
    expect(waits).toEqual([]);
  });
});
