import { describe, expect, it } from 'vitest';
import { dayKeyToChartLabel, defaultFilters, dollars, incomePerDay, summarise, toDayKey } from './transaction-summary.ts';

describe('the transaction dashboard arithmetic', () => {
  it('defaults to the 30 days before today, through today', () => {
    expect(defaultFilters(new Date(2026, 2, 5))).toEqual({ from: '2026-02-03', to: '2026-03-05', email: '', policyName: '' });
  });

  it('sums, counts and averages, with 0.00 when there is nothing', () => {
    expect(summarise([])).toEqual({ count: 0, total: 0, average: 0 });
    expect(dollars(summarise([]).average)).toBe('$0.00');
    const summary = summarise([50, 50, 20]);
    expect(summary).toEqual({ count: 3, total: 120, average: 40 });
    expect(dollars(1234.5)).toBe('$1,234.50');
  });

  it('sums income per local day, oldest first, labelled MM/dd/yyyy', () => {
    const at = (y: number, m: number, d: number, h: number) => new Date(y, m - 1, d, h).toISOString();
    const days = incomePerDay([
      { amount: 50, paidAt: at(2026, 3, 2, 9) },
      { amount: 20, paidAt: at(2026, 3, 1, 23) },
      { amount: 50, paidAt: at(2026, 3, 2, 18) },
    ]);
    expect(days).toEqual([
      { day: '2026-03-01', income: 20 },
      { day: '2026-03-02', income: 100 },
    ]);
    expect(dayKeyToChartLabel(days[0]!.day)).toBe('03/01/2026');
    expect(toDayKey(new Date(2026, 11, 31))).toBe('2026-12-31');
  });
});
