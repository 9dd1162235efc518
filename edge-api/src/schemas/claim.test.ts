import { describe, expect, it } from 'vitest';
import { claimDateProblem, claimDueOn, claimInput, claimNumberPattern, dhakaToday, newClaimNumber, policyDatesOf } from './claim.ts';

describe('a claim decision is due after working days in Dhaka', () => {
  it('skips Fridays and Saturdays', () => {
    // Sunday 22 Nov 2026, 10:00 in Dhaka: ten working days on is Sunday 6 Dec.
    expect(claimDueOn(new Date('2026-11-22T04:00:00Z'), 10)).toBe('2026-12-06');
    // Thursday 26 Nov: one working day on is Sunday 29 Nov.
    expect(claimDueOn(new Date('2026-11-26T04:00:00Z'), 1)).toBe('2026-11-29');
  });

  it("counts from Dhaka's calendar day, not UTC's", () => {
    // 20:00 UTC on Wednesday is already Thursday 02:00 in Dhaka.
    expect(dhakaToday(new Date('2026-11-25T20:00:00Z'))).toBe('2026-11-26');
    expect(claimDueOn(new Date('2026-11-25T20:00:00Z'), 1)).toBe('2026-11-29');
  });
});

describe('claim numbers and payout accounts', () => {
  it('makes numbers of the claim format', () => {
    for (let i = 0; i < 50; i++) expect(newClaimNumber()).toMatch(claimNumberPattern);
    expect(newClaimNumber(new Uint8Array([0, 1, 2, 3, 29, 30, 31, 32]))).toBe('CLM-0123-XYZ0');
  });

  const body = {
    id: '6f1c1a52-9d43-4d7e-9a7b-0a0c8c5d7e11',
    claimNumber: 'CLM-0123-XYZ0',
    policyNumber: 'p-1',
    insuredNid: '১৯৭০১২৩৪৫৬৭৮৯',
    relation: 'nominee',
    claimantNid: '১৯৮৫ ১২৩৪ ৫৬৭৮৯',
    kind: 'death',
    eventDate: '2026-11-20',
    description: 'Passed away.',
    district: 'Dhaka',
    payoutMethod: 'bkash',
    payoutAccount: '+88 01712-345678',
  };

  it('takes a wallet number as people write it, and a bank account only with its bank', () => {
    const parsed = claimInput.parse(body);
    expect(parsed).toMatchObject({ payoutAccount: '01712345678', insuredNid: '1970123456789', claimantNid: '1985123456789' });
    expect(claimInput.safeParse({ ...body, payoutAccount: '1234' }).success).toBe(false);
    expect(claimInput.safeParse({ ...body, payoutMethod: 'bank', payoutAccount: '0012345678' }).success).toBe(false);
    expect(claimInput.safeParse({ ...body, payoutMethod: 'bank', payoutAccount: '0012345678', payoutBankName: 'Sonali Bank' }).success).toBe(true);
  });
});

describe("the nominee's own NID (issue 47)", () => {
  const body = {
    id: '6f1c1a52-9d43-4d7e-9a7b-0a0c8c5d7e11', claimNumber: 'CLM-0123-XYZ0', policyNumber: 'p-1', insuredNid: '1970123456789',
    kind: 'death', eventDate: '2026-11-20', description: 'Passed away.', district: 'Dhaka', payoutMethod: 'bkash', payoutAccount: '01712345678',
  };

  it('is asked from the nominee, as a Bangladeshi NID, and not from the policyholder', () => {
    const missing = claimInput.safeParse({ ...body, relation: 'nominee' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['claimantNid']);
    expect(claimInput.safeParse({ ...body, relation: 'nominee', claimantNid: '1' }).success).toBe(false);
    expect(claimInput.parse({ ...body, relation: 'policyholder', kind: 'hospitalisation' }).claimantNid).toBeNull();
  });
});

describe('claim dates (issue 47)', () => {
  const policy = policyDatesOf('2026-03-09T20:00:00.000Z', 10);

  it("count the policy's start and its term's end in Dhaka's days", () => {
    // 20:00 UTC on 9 March is 02:00 on 10 March in Dhaka.
    expect(policy).toEqual({ startedOn: '2026-03-10', termEndsOn: '2036-03-10' });
    expect(policyDatesOf(null, 10)).toEqual({ startedOn: null, termEndsOn: null });
  });

  it.each([
    ['0000-00-00', 'death', 'Please enter a real date for the event (year-month-day)'],
    ['2026-02-30', 'death', 'Please enter a real date for the event (year-month-day)'],
    ['2026-11-29', 'death', 'The date of the event cannot be in the future'],
    ['1926-03-10', 'death', 'The date of the event cannot be before the policy started'],
    ['2026-03-09', 'death', 'The date of the event cannot be before the policy started'],
    ['2026-11-20', 'maturity', "A maturity claim can be filed only once the policy's term has ended"],
  ])('refuses %s for a %s claim', (eventDate, kind, message) => {
    expect(claimDateProblem({ eventDate, kind: kind as 'death' }, '2026-11-28', policy)?.message).toBe(message);
  });

  it('takes the first day of the policy and today, and a maturity claim from the last day of the term', () => {
    expect(claimDateProblem({ eventDate: '2026-03-10', kind: 'death' }, '2026-11-28', policy)).toBeNull();
    expect(claimDateProblem({ eventDate: '2026-11-28', kind: 'death' }, '2026-11-28', policy)).toBeNull();
    expect(claimDateProblem({ eventDate: '2036-03-10', kind: 'maturity' }, '2036-03-10', policy)).toBeNull();
    expect(claimDateProblem({ eventDate: '2026-03-10', kind: 'maturity' }, '2036-03-09', policy)).toEqual({
      message: "A maturity claim can be filed only once the policy's term has ended",
      details: { termEndsOn: '2036-03-10' },
    });
  });
});
