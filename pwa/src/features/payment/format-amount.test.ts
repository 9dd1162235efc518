import { describe, expect, it } from 'vitest';
import { formatAmount } from './format-amount.ts';

describe('formatAmount', () => {
  it('shows the smallest unit (poisha) as ৳ with two decimals, grouped in lakh', () => {
    expect(formatAmount(5000)).toBe('৳50.00');
    expect(formatAmount(123456)).toBe('৳1,234.56');
    expect(formatAmount(10000000000)).toBe('৳10,00,00,000.00');
  });
});
