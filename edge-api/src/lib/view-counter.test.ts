import { describe, expect, it } from 'vitest';
import { createViewCounter } from './view-counter.ts';

const settings = { flushMs: 1000, batchSize: 100, maxClients: 3 };

function counter(limit = { max: 2, windowSeconds: 60 }, options = settings) {
  let now = 0;
  const written: Record<string, number>[] = [];
  let failNext = false;
  const views = createViewCounter(
    async (counts) => {
      if (failNext) {
        failNext = false;
        throw new Error('database is busy');
      }
      written.push(Object.fromEntries(counts));
    },
    limit,
    options,
    () => now,
  );
  return { views, written, advance: (ms: number) => (now += ms), failOnce: () => (failNext = true) };
}

describe('the view counter', () => {
  it('counts a client’s views up to its limit per window, then again in the next window', () => {
    const { views, advance } = counter();
    expect([views.count('p', 'a'), views.count('p', 'a'), views.count('p', 'a')]).toEqual([true, true, false]);
    expect(views.count('p', 'b')).toBe(true);
    advance(60_000);
    expect(views.count('p', 'a')).toBe(true);
    expect(views.unwritten('p')).toBe(4);
  });

  it('remembers at most maxClients windows, forgetting the oldest first', () => {
    const { views, advance } = counter({ max: 1, windowSeconds: 60 });
    for (const client of ['a', 'b', 'c']) {
      views.count('p', client);
      advance(1);
    }
    expect(views.count('p', 'a')).toBe(false);
    views.count('p', 'd'); // 'a' was the oldest: forgotten
    expect(views.count('p', 'a')).toBe(true);
    expect(views.count('p', 'c')).toBe(false);
  });

  it('is due when the oldest view has waited flushMs or the batch is large enough', async () => {
    const { views, written, advance } = counter({ max: 1000, windowSeconds: 60 }, { ...settings, batchSize: 3 });
    expect(views.due()).toBe(false);
    views.count('p', 'a');
    advance(999);
    expect(views.due()).toBe(false);
    advance(1);
    expect(views.due()).toBe(true);
    await views.flush();
    expect(written).toEqual([{ p: 1 }]);
    views.count('p', 'a');
    views.count('q', 'a');
    expect(views.due()).toBe(false);
    views.count('q', 'a');
    expect(views.due()).toBe(true);
  });

  it('keeps a batch whose write failed for the next one, and counts a view being written exactly once', async () => {
    const { views, written, failOnce } = counter({ max: 1000, windowSeconds: 60 });
    views.count('p', 'a');
    failOnce();
    const failing = views.flush();
    expect(views.unwritten('p')).toBe(1);
    views.count('p', 'a');
    expect(views.unwritten('p')).toBe(2);
    await failing;
    expect(views.unwritten('p')).toBe(2);
    await views.flush();
    expect(written).toEqual([{ p: 2 }]);
    expect(views.unwritten('p')).toBe(0);
  });
});
