import { describe, expect, it } from 'vitest';
import { smsSize } from './segments.ts';
import { codeText, decisionText, passwordChangedText, premiumPaidText } from './texts.ts';

describe('SMS parts', () => {
  it('counts GSM-7 as 160 in one part and 153 in each part beyond; the extension set costs two', () => {
    expect(smsSize('a'.repeat(160))).toEqual({ encoding: 'gsm7', units: 160, segments: 1 });
    expect(smsSize('a'.repeat(161))).toEqual({ encoding: 'gsm7', units: 161, segments: 2 });
    expect(smsSize('a'.repeat(306)).segments).toBe(2);
    expect(smsSize('a'.repeat(307)).segments).toBe(3);
    expect(smsSize('{}'.repeat(40))).toEqual({ encoding: 'gsm7', units: 160, segments: 1 });
  });

  it('counts Bangla (and ৳) as UCS-2: 70 in one part, 67 in each part beyond', () => {
    expect(smsSize('ক'.repeat(70))).toEqual({ encoding: 'ucs2', units: 70, segments: 1 });
    expect(smsSize('ক'.repeat(71))).toEqual({ encoding: 'ucs2', units: 71, segments: 2 });
    expect(smsSize('ক'.repeat(134)).segments).toBe(2);
    expect(smsSize('ক'.repeat(135)).segments).toBe(3);
    expect(smsSize('Paid ৳50').encoding).toBe('ucs2');
  });

  it('keeps every code text in one part in both languages, and English ones in GSM-7', () => {
    for (const use of ['sign-in', 'reset', 'verify-phone'] as const) {
      expect(smsSize(codeText(use, 'bn', '123456', 5)).segments).toBe(1);
      expect(smsSize(codeText(use, 'en', '123456', 5))).toMatchObject({ encoding: 'gsm7', segments: 1 });
    }
    expect(smsSize(passwordChangedText.en).encoding).toBe('gsm7');
    expect(smsSize(premiumPaidText('en', 'BDT 1,250.00', 'Shanti Term Life', 'RC-2026-000123')).encoding).toBe('gsm7');
    expect(decisionText('application-approved', 'bn', 'শান্তি বিমা')).toContain('শান্তি বিমার আবেদন');
  });
});
