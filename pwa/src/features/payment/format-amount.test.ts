import { describe, expect, it } from 'vitest';
import { formatAmount } from './format-amount.ts';

describe('formatAmount', () => {
  it('shows the smallest unit in the currency of the card payment', () => {
    expect(formatAmount(5000, 'usd')).toBe('$50.00');
    expect(formatAmount(5000, 'eur')).toBe('€50.00');
    expect(formatAmount(5000, 'jpy')).toBe('¥5,000');
    expect(formatAmount(123456, 'usd')).toBe('$1,234.56');
  });
});
