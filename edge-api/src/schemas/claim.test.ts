import { describe, expect, it } from 'vitest';
import { claimDueOn, claimInput, claimNumberPattern, dhakaToday, newClaimNumber } from './claim.ts';

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
    kind: 'death',
    eventDate: '2026-11-20',
    description: 'Passed away.',
    district: 'Dhaka',
    payoutMethod: 'bkash',
    payoutAccount: '+88 01712-345678',
  };

  it('takes a wallet number as people write it, and a bank account only with its bank', () => {
    const parsed = claimInput.parse(body);
    expect(parsed).toMatchObject({ payoutAccount: '01712345678', insuredNid: '1970123456789' });
    expect(claimInput.safeParse({ ...body, payoutAccount: '1234' }).success).toBe(false);
    expect(claimInput.safeParse({ ...body, payoutMethod: 'bank', payoutAccount: '0012345678' }).success).toBe(false);
    expect(claimInput.safeParse({ ...body, payoutMethod: 'bank', payoutAccount: '0012345678', payoutBankName: 'Sonali Bank' }).success).toBe(true);
  });
});
