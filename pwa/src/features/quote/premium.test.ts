import { describe, expect, it } from 'vitest';
import { estimateFigures, premiumAmountIn } from './estimate-figures.ts';
import { estimatePremium, wholePoisha } from './premium.ts';

const formatPremiumAmount = (poisha: number) => premiumAmountIn('en', poisha);

/** Coverage is poisha: ৳1 lakh = 1,00,00,000 poisha. */
const lakh = 10_000_000;

describe('the premium estimate (spec section 9), in poisha', () => {
  it('applies the age factor: 1 under 30, 1.5 under 50, otherwise 2', () => {
    const base = { coverage: 10 * lakh, duration: 10, gender: 'Female', smoker: 'No' };
    expect(estimatePremium({ ...base, age: 29 }).ageFactor).toBe(1);
    expect(estimatePremium({ ...base, age: 30 }).ageFactor).toBe(1.5);
    expect(estimatePremium({ ...base, age: 49 }).ageFactor).toBe(1.5);
    expect(estimatePremium({ ...base, age: 50 }).ageFactor).toBe(2);
    expect(estimatePremium({ ...base, age: 80 }).ageFactor).toBe(2);
  });

  it('applies 1.1 for Male only and 1.5 for smokers answering Yes only', () => {
    const base = { age: 25, coverage: lakh, duration: 10 };
    expect(estimatePremium({ ...base, gender: 'Male', smoker: 'No' }).genderFactor).toBe(1.1);
    expect(estimatePremium({ ...base, gender: 'Female', smoker: 'No' }).genderFactor).toBe(1);
    expect(estimatePremium({ ...base, gender: 'Other', smoker: 'Yes' }).smokerFactor).toBe(1.5);
    expect(estimatePremium({ ...base, gender: 'Other', smoker: 'No' }).smokerFactor).toBe(1);
  });

  it('computes annual = lakh × 5 × factors × years/10 / 10 taka and monthly = annual / 12, in poisha', () => {
    // 10 lakh, age 25, female, non-smoker, 10 years: 10 × 5 × 1 × 1 × 1 × 1 / 10 = ৳5 = 500 poisha.
    const simple = estimatePremium({ age: 25, coverage: 10 * lakh, duration: 10, gender: 'Female', smoker: 'No' });
    expect(simple.coverageInLakh).toBe(10);
    expect(simple.durationFactor).toBe(1);
    expect(simple.annual).toBeCloseTo(500, 8);
    expect(simple.monthly).toBeCloseTo(500 / 12, 8);
    expect(wholePoisha(simple.monthly)).toBe(42);

    // 5 lakh, age 45, male smoker, 5 years: 5 × 5 × 1.5 × 1.1 × 1.5 × 0.5 / 10 = ৳3.09375.
    const full = estimatePremium({ age: 45, coverage: 5 * lakh, duration: 5, gender: 'Male', smoker: 'Yes' });
    expect(full.annual).toBeCloseTo(309.375, 8);
    expect(formatPremiumAmount(full.annual)).toBe('৳3.09');
    expect(formatPremiumAmount(full.monthly)).toBe('৳0.26');

    // 50 lakh, age 60, male non-smoker, 3 years: 50 × 5 × 2 × 1.1 × 1 × 0.3 / 10 = ৳16.5.
    const senior = estimatePremium({ age: 60, coverage: 50 * lakh, duration: 3, gender: 'Male', smoker: 'No' });
    expect(formatPremiumAmount(senior.annual)).toBe('৳16.50');
    expect(formatPremiumAmount(senior.monthly)).toBe('৳1.38');
  });

  it('shows amounts to two decimals in taka', () => {
    expect(formatPremiumAmount(0)).toBe('৳0.00');
    expect(formatPremiumAmount(123_450)).toBe('৳1,234.50');
  });

  it('writes every figure of the estimate in the page language', () => {
    const input = { age: 45, coverage: 5 * lakh, duration: 5, gender: 'Male', smoker: 'Yes' };
    expect(estimateFigures(input, 'en')).toEqual({
      annual: '৳3.09',
      monthly: '৳0.26',
      coverageInLakh: '5',
      baseRate: '× 5',
      age: '45',
      ageFactor: '× 1.5',
      genderFactor: '× 1.1',
      smokerFactor: '× 1.5',
      years: '5',
      durationFactor: '× 0.5',
      dividedBy: '÷ 10',
    });
    const bangla = estimateFigures(input, 'bn');
    expect(bangla.annual).toBe('৳৩.০৯');
    expect(bangla.ageFactor).toBe('× ১.৫');
    expect(bangla.dividedBy).toBe('÷ ১০');
  });
});
