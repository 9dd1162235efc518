import { describe, expect, it } from 'vitest';
import { applicationInput } from './application.ts';
import { asciiDigits, typedNumber } from './digits.ts';
import { numberLike } from './fields.ts';
import { bdNid, nidNumber, optionalBdMobile, requiredPhone, sameNid } from './person.ts';
import { policyTextFields } from './policy.ts';

describe('Bengali digits in the shared form schemas', () => {
  it('become ASCII digits', () => {
    expect(asciiDigits('০১২৩৪৫৬৭৮৯')).toBe('0123456789');
    expect(asciiDigits('বয়স ৩৫')).toBe('বয়স 35');
    expect(typedNumber(' ২০,০০,০০০ ')).toBe('2000000');
  });

  it('are the same number as ASCII digits (age, coverage, amounts)', () => {
    const age = numberLike('Age is required');
    expect(age.parse('৩৫')).toBe(35);
    expect(age.parse('35')).toBe(35);
    expect(policyTextFields.coverageRange.parse('২০০০০০০')).toBe(2000000);
    expect(policyTextFields.coverageRange.parse('১০,০০,০০০')).toBe(1000000);
    expect(policyTextFields.minAge.parse('১৮')).toBe(18);
    expect(numberLike('x').safeParse('৩৫ক').success).toBe(false);
  });

  it('store an NID and a phone number in ASCII digits', () => {
    expect(nidNumber.parse('১৯৯৫১২৩৪০০০১১')).toBe('1995123400011');
    expect(nidNumber.safeParse('১৯৯৫ক').success).toBe(false);
    expect(requiredPhone.parse('+৮৮০ ১৭১১ ৫৫৫০০১')).toBe('+880 1711 555001');
    expect(optionalBdMobile.parse('০১৭১১৫৫৫০০১')).toBe('+8801711555001');
    expect(optionalBdMobile.parse('')).toBeNull();
    expect(optionalBdMobile.parse(undefined)).toBeNull();
    expect(bdNid().parse('১৯৯৫ ১২৩৪ ০০০১১')).toBe('1995123400011');
  });

  it('reach the application as ASCII', () => {
    const parsed = applicationInput.safeParse({
      name: 'রহিম উদ্দিন', address: 'ঢাকা', nid: '১৯৯০১২৩৪৫৬৭৮৯', phone: '০১৭০০০০০০০১', nomineeName: 'করিমা',
      relationship: 'Spouse', healthConditions: ['None of the Above'], estimatedPremium: '১২৫০৫০', policyId: 'p1', dateOfBirth: '1990-01-15',
    });
    expect(parsed.success && parsed.data).toMatchObject({ nid: '1990123456789', phone: '+8801700000001' });
  });
});

describe('Bangladeshi NIDs (issue 47)', () => {
  it('are 10, 13 or 17 digits, never a rounded JSON number', () => {
    for (const nid of ['1987654321', '1990123456789', '19902612345678901']) expect(bdNid().parse(nid)).toBe(nid);
    for (const nid of ['1', '123456789', '12345678901', '199012345678901234', '12ab567890']) expect(bdNid().safeParse(nid).success).toBe(false);
    expect(bdNid().parse(1987654321)).toBe('1987654321');
    // 17 digits are past what a JSON number holds exactly: refused, not stored as another NID.
    expect(bdNid().safeParse(Number('19902612345678901')).success).toBe(false);
  });

  it('match a 13-digit NID with its 17-digit form (the birth year in front), nothing looser', () => {
    expect(sameNid('1990123456789', '1990123456789')).toBe(true);
    expect(sameNid('19851990123456789', '1990123456789')).toBe(true);
    expect(sameNid('1990123456789', '19851990123456789')).toBe(true);
    expect(sameNid('19851990123456788', '1990123456789')).toBe(false);
    expect(sameNid('1987654321', '1987654322')).toBe(false);
    expect(sameNid('1234567', '19851234567')).toBe(false);
  });
});
