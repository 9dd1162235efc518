import { describe, expect, it } from 'vitest';
import { continuousDays, dayKeyToChartLabel, defaultFilters, taka, toDayKey } from './transaction-summary.ts';

describe('the transaction dashboard formats', () => {
  it('defaults to every payment: no date bounds', () => {
    expect(defaultFilters()).toEqual({ from: '', to: '', email: '', policyName: '' });
  });

  it('gives every day of the period, a day without income as zero', () => {
    const days = [{ day: '2026-02-27', income: 50 }, { day: '2026-03-03', income: 25 }];
    expect(continuousDays(days, '', '', '2026-03-04')).toEqual([
      { day: '2026-02-27', income: 50 },
      { day: '2026-02-28', income: 0 },
      { day: '2026-03-01', income: 0 },
      { day: '2026-03-02', income: 0 },
      { day: '2026-03-03', income: 25 },
      { day: '2026-03-04', income: 0 },
    ]);
    expect(continuousDays(days, '2026-02-26', '2026-03-01', '2026-03-04').map((d) => d.day)).toEqual(['2026-02-26', '2026-02-27', '2026-02-28', '2026-03-01']);
    expect(continuousDays([], '', '', '2026-03-04')).toEqual([]);
    expect(continuousDays([], '2026-03-03', '', '2026-03-04')).toEqual([{ day: '2026-03-03', income: 0 }, { day: '2026-03-04', income: 0 }]);
  });

  it('shows poisha as taka with two decimals, 0.00 when there is nothing', () => {
    expect(taka(0)).toBe('৳0.00');
    expect(taka(123_450)).toBe('৳1,234.50');
  });

  it('labels days MM/dd/yyyy and keys local dates yyyy-MM-dd', () => {
    expect(dayKeyToChartLabel('2026-03-01', 'en')).toBe('03/01/2026');
    // Bangla writes the day first, the month by its name (issue 48).
    expect(dayKeyToChartLabel('2026-11-28', 'bn')).toBe('২৮ নভে, ২০২৬');
    expect(dayKeyToChartLabel('2026-03-01', 'bn')).toBe('১ মার্চ, ২০২৬');
    expect(toDayKey(new Date(2026, 11, 31))).toBe('2026-12-31');
  });
});
