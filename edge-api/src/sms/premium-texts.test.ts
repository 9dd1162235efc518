import { describe, expect, it } from 'vitest';
import type { ReminderKind } from '../db/premium-rows.ts';
import { smsSize } from './segments.ts';
import { premiumReceiptText, premiumReminderText, smsDate, smsTaka } from './premium-texts.ts';

const kinds: ReminderKind[] = ['before', 'on_day', 'mid_grace', 'lapsed'];
// The catalogue's longest names (seed/demo-policies*.ts), in each language.
const longest = { en: 'Tarunno Young Professional Plan', bn: 'তারুণ্য ইয়াং প্রফেশনাল প্ল্যান' };
const facts = (language: 'en' | 'bn', policy = longest[language]) => ({
  policy,
  amount: smsTaka(language, 1_234_550),
  dueOn: smsDate(language, '2026-12-10'),
  graceEnds: smsDate(language, '2027-01-09'),
});

describe('SMS about premiums', () => {
  it('writes taka and dates as each language does', () => {
    expect(smsTaka('en', 50_000)).toBe('BDT 500');
    expect(smsTaka('en', 1_234_550)).toBe('BDT 12,345.50');
    expect(smsTaka('en', 150_000_000)).toBe('BDT 15,00,000');
    expect(smsTaka('bn', 1_234_505)).toBe('৳১২,৩৪৫.০৫');
    expect(smsDate('en', '2026-03-07')).toBe('7 Mar');
    expect(smsDate('bn', '2026-12-10')).toBe('১০ ডিসেম্বর');
    expect(smsDate('bn', '2027-01-09')).toBe('৯ জানুয়ারি');
  });

  it('keeps English in one GSM-7 part and Bangla within two UCS-2 parts, with the amount, the date and the whole name', () => {
    for (const kind of kinds) {
      const en = premiumReminderText(kind, 'en', facts('en'));
      expect(smsSize(en), en).toMatchObject({ encoding: 'gsm7', segments: 1 });
      expect(en).toContain('BDT 12,345.50');
      expect(en).toContain('10 Dec');
      expect(en).toContain(longest.en);
      const bn = premiumReminderText(kind, 'bn', facts('bn'));
      expect(smsSize(bn).encoding).toBe('ucs2');
      expect(smsSize(bn).units, bn).toBeLessThanOrEqual(134);
      expect(bn).toContain('৳১২,৩৪৫.৫০');
      expect(bn).toContain('১০ ডিসেম্বর');
      expect(bn).toContain(longest.bn);
    }
    expect(premiumReminderText('mid_grace', 'bn', facts('bn'))).toContain('৯ জানুয়ারির মধ্যে');
    const receipt = { amount: smsTaka('bn', 50_000), receipt: 'RC-2026-000123', paidOn: smsDate('bn', '2026-03-10') };
    expect(premiumReceiptText('bn', { ...receipt, policy: 'শান্তি বিমা' })).toBe('LifeSure: শান্তি বিমার ৳৫০০ প্রিমিয়াম ১০ মার্চ তারিখে পেয়েছি। রসিদ RC-2026-000123।');
    expect(smsSize(premiumReceiptText('en', { amount: 'BDT 500', receipt: 'RC-2026-000123', paidOn: '10 Mar', policy: longest.en }))).toMatchObject({ encoding: 'gsm7', segments: 1 });
  });

  it('cuts a name long enough to need a third part at a word, and English stays GSM-7', () => {
    const longBn = 'তারুণ্য ইয়াং প্রফেশনাল প্ল্যান সঞ্চয় ও সুরক্ষা একসাথে দীর্ঘমেয়াদি পরিবার কল্যাণ';
    const bn = premiumReminderText('lapsed', 'bn', facts('bn', longBn));
    expect(smsSize(bn).segments).toBe(2);
    expect(bn).toMatch(/তারুণ্য ইয়াং প্রফেশনাল [^ ]*…/);
    const longEn = `${'Very Long Policy Name '.repeat(12)}End`;
    const en = premiumReminderText('lapsed', 'en', facts('en', longEn));
    expect(smsSize(en)).toMatchObject({ encoding: 'gsm7', segments: 2 });
    expect(en).toContain('...');
  });
});
