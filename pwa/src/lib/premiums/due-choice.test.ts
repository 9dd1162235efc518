import { describe, expect, it } from 'vitest';
import type { PremiumDue } from 'edge-api/src/schemas/premium-schedule.ts';
import { countReachingMinimum, dueChoiceOf, toggledCount, totalOf } from './due-choice.ts';

const due = (n: number, dueOn: string, paid = false, amountMinor = 400): PremiumDue => ({
  id: `app:${String(n).padStart(3, '0')}`,
  dueOn,
  amountMinor,
  paidAt: paid ? `${dueOn}T10:00:00.000Z` : null,
  receiptId: paid ? 'r' : null,
});

const dues = [
  due(0, '2026-01-10', true),
  due(1, '2026-02-10'),
  due(2, '2026-03-10'),
  due(3, '2026-04-10'),
  ...Array.from({ length: 20 }, (_, i) => due(4 + i, `2027-${String((i % 12) + 1).padStart(2, '0')}-10`)),
];

describe('choosing dues to pay', () => {
  it('offers the dues up to today and twelve ahead, the least one for a policy in force', () => {
    const choice = dueChoiceOf(dues, 'in_grace', '2026-03-15');
    expect(choice.offered.map((d) => d.id)[0]).toBe('app:001');
    expect(choice.offered).toHaveLength(2 + 12);
    expect(choice.least).toBe(1);
  });

  it('keeps every due in arrears chosen for a lapsed policy', () => {
    expect(dueChoiceOf(dues, 'lapsed', '2026-04-20').least).toBe(3);
  });

  it('ticks the earlier dues with a later one and unticks the later ones with an earlier one', () => {
    expect(toggledCount(1, 3, 1)).toBe(4);
    expect(toggledCount(4, 1, 1)).toBe(1);
    expect(toggledCount(4, 0, 1)).toBe(1);
    expect(toggledCount(4, 0, 3)).toBe(3);
  });

  it('adds the next dues ahead until the minimum charge is reached', () => {
    const offered = dueChoiceOf(dues, 'in_grace', '2026-03-15').offered;
    expect(totalOf(offered.slice(0, 2))).toBe(800);
    expect(countReachingMinimum(offered, dues, 2, 1000)).toBe(3);
    expect(countReachingMinimum(offered, dues, 3, 1000)).toBe(3);
  });
});
