import { describe, expect, it } from 'vitest';
import { backoffCapMs, retryDelayMs } from './backoff.ts';

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
