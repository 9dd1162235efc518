import { describe, expect, it } from 'vitest';
import { applicationInput } from './application.ts';
import { asciiDigits, typedNumber } from './digits.ts';
import { numberLike } from './fields.ts';
import { nidNumber, optionalPhone, requiredPhone } from './person.ts';
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
    expect(optionalPhone.parse('০১৭১১৫৫৫০০১')).toBe('01711555001');
    expect(optionalPhone.parse('')).toBeNull();
  });

  it('reach the application as ASCII', () => {
    const parsed = applicationInput.safeParse({
      name: 'রহিম উদ্দিন', address: 'ঢাকা', nid: '১৯৯০১২৩৪৫৬৭৮৯', phone: '০১৭০০০০০০০১', nomineeName: 'করিমা',
      relationship: 'Spouse', healthConditions: ['None of the Above'], estimatedPremium: '১২৫০৫০', policyId: 'p1', dateOfBirth: '1990-01-15',
    });
    expect(parsed.success && parsed.data).toMatchObject({ nid: '1990123456789', phone: '01700000001' });
  });
});
