/** The hand-made formats read exactly as en-US's Intl formats (what the screens showed before). */
import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber } from './format.ts';

describe('formatNumber', () => {
  it('groups thousands as en-US does', () => {
    for (const value of [0, 7, 999, 1000, 15_000, 999_999, 1_500_000, 123_456_789, -1_234, -12, Number.MAX_SAFE_INTEGER, 2.5, 1234.5678, 1e22]) {
      expect(formatNumber(value)).toBe(value.toLocaleString('en-US'));
    }
  });
});

describe('formatDate', () => {
  it('writes a date as en-US short dates do, in the local time zone', () => {
    for (const iso of ['2025-03-05T10:00:00.000Z', '2024-12-31T23:59:59.000Z', '2026-01-01T00:00:00.000Z', '2025-07-04', '0999-05-01T00:00:00Z']) {
      expect(formatDate(iso)).toBe(new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' }));
    }
  });

  it('keeps a text that is not a date', () => {
    expect(formatDate('soon')).toBe('soon');
  });
});
