import { describe, expect, it } from 'vitest';
import { dayKeyToChartLabel, defaultFilters, taka, toDayKey } from './transaction-summary.ts';

describe('the transaction dashboard formats', () => {
  it('defaults to the 30 days before today, through today', () => {
    expect(defaultFilters(new Date(2026, 2, 5))).toEqual({ from: '2026-02-03', to: '2026-03-05', email: '', policyName: '' });
  });

  it('shows taka with two decimals, 0.00 when there is nothing', () => {
    expect(taka(0)).toBe('৳0.00');
    expect(taka(1234.5)).toBe('৳1,234.50');
  });

  it('labels days MM/dd/yyyy and keys local dates yyyy-MM-dd', () => {
    expect(dayKeyToChartLabel('2026-03-01')).toBe('03/01/2026');
    expect(toDayKey(new Date(2026, 11, 31))).toBe('2026-12-31');
  });
});
