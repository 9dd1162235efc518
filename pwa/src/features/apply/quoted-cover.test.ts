/** The quote carried into an application (issue 48): read back safely, and priced as the server prices it. */
import { describe, expect, it } from 'vitest';
import { estimatePremium, wholePoisha } from 'edge-api/src/schemas/premium.ts';
import { carriedQuoteOf, coverOverPolicy, premiumToRecord } from './quoted-cover.ts';

const lakh = 100_000 * 100;
const policy = { coverageRange: 50 * lakh, duration: 10 };

describe('the quote carried into an application', () => {
  it('is read only when whole', () => {
    expect(carriedQuoteOf({ coverage: 5 * lakh, gender: 'Male', smoker: 'No' })).toEqual({ coverage: 5 * lakh, gender: 'Male', smoker: 'No' });
    expect(carriedQuoteOf(undefined)).toBeNull();
    expect(carriedQuoteOf({ coverage: -1, gender: 'Male', smoker: 'No' })).toBeNull();
    expect(carriedQuoteOf({ coverage: 1.5, gender: 'Male', smoker: 'No' })).toBeNull();
    expect(carriedQuoteOf({ coverage: lakh, gender: 'male', smoker: 'No' })).toBeNull();
    expect(carriedQuoteOf({ coverage: lakh, gender: 'Female', smoker: 'maybe' })).toBeNull();
  });

  it("knows a cover over the policy's", () => {
    expect(coverOverPolicy({ coverage: 51 * lakh, gender: 'Male', smoker: 'No' }, policy)).toBe(true);
    expect(coverOverPolicy({ coverage: 50 * lakh, gender: 'Male', smoker: 'No' }, policy)).toBe(false);
    expect(coverOverPolicy(null, policy)).toBe(false);
  });

  it("prices the quoted cover for the age on the date of birth and the policy's term, else keeps the carried figure", () => {
    const today = new Date('2026-12-01T00:00:00Z');
    const quote = { coverage: 5 * lakh, gender: 'Male', smoker: 'Yes' } as const;
    // 45 on that day: the age factor 1.5; the policy's 10 years: the duration factor 1.
    const expected = wholePoisha(estimatePremium({ age: 45, coverage: 5 * lakh, duration: 10, gender: 'Male', smoker: 'Yes' }).monthly);
    expect(premiumToRecord(999, quote, policy, '1981-06-15', today)).toBe(expected);
    // ৳5 lakh, 1.5 × 1.1 × 1.5 × 1 → ৳6.1875 a year, 51.5625 poisha a month.
    expect(expected).toBe(52);
    expect(premiumToRecord(999, quote, policy, '', today)).toBe(999);
    expect(premiumToRecord(999, quote, undefined, '1981-06-15', today)).toBe(999);
    expect(premiumToRecord(999, null, policy, '1981-06-15', today)).toBe(999);
    expect(premiumToRecord(null, quote, policy, '2030-01-01', today)).toBeNull();
  });
});
