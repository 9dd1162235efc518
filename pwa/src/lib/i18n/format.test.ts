import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatMoney, formatNumber, localDigits } from './format.ts';

describe('numbers and money in each language', () => {
  it('groups in lakh and crore, with Bengali digits in Bangla', () => {
    expect(formatNumber(1000000, { locale: 'en' })).toBe('10,00,000');
    expect(formatNumber(1000000, { locale: 'bn' })).toBe('১০,০০,০০০');
    expect(formatNumber(123456789, { locale: 'bn' })).toBe('১২,৩৪,৫৬,৭৮৯');
    expect(formatNumber(999, { locale: 'en' })).toBe('999');
  });

  it('writes whole numbers exactly as Intl does (en-IN, bn-BD)', () => {
    const samples = [0, 7, 12, 999, 1000, 12345, 100000, 999999, 1000000, 12345678, 1234567890, -1500000, Number.MAX_SAFE_INTEGER];
    for (const value of samples) {
      expect(formatNumber(value, { locale: 'en' })).toBe(new Intl.NumberFormat('en-IN').format(value));
      expect(formatNumber(value, { locale: 'bn' })).toBe(new Intl.NumberFormat('bn-BD').format(value));
    }
  });

  it('shows money, given in poisha, in ৳ before the number in both languages', () => {
    expect(formatMoney(100_000_000, { locale: 'en' })).toBe('৳10,00,000');
    expect(formatMoney(100_000_000, { locale: 'bn' })).toBe('৳১০,০০,০০০');
    expect(formatMoney(123_450, { locale: 'en', fractionDigits: 2 })).toBe('৳1,234.50');
    expect(formatMoney(123_450, { locale: 'bn', fractionDigits: 2 })).toBe('৳১,২৩৪.৫০');
    expect(formatMoney(0, { locale: 'en', fractionDigits: 2 })).toBe('৳0.00');
    expect(formatMoney(-5000, { locale: 'en' })).toBe('-৳50');
  });

  it('shows paisa only when there are some, or when two decimals are asked for', () => {
    expect(formatMoney(5000, { locale: 'en' })).toBe('৳50');
    expect(formatMoney(5000, { locale: 'en', fractionDigits: 2 })).toBe('৳50.00');
    expect(formatMoney(5000, { locale: 'bn', fractionDigits: 2 })).toBe('৳৫০.০০');
    expect(formatMoney(123_456_789, { locale: 'en' })).toBe('৳12,34,567.89');
    expect(formatMoney(5, { locale: 'en' })).toBe('৳0.05');
    // An unrounded estimate (the quote's) is rounded to the paisa.
    expect(formatMoney(30937.5, { locale: 'en', fractionDigits: 2 })).toBe('৳309.38');
  });

  it('writes digits in the page language', () => {
    expect(localDigits('Page 2026', 'bn')).toBe('Page ২০২৬');
    expect(localDigits('2026', 'en')).toBe('2026');
  });
});

describe('dates in each language', () => {
  it('reads naturally in English and Bangla, in the device time zone', () => {
    const iso = '2026-11-24T12:00:00Z';
    const date = new Date(iso);
    expect(formatDate(iso, 'en')).toBe(new Intl.DateTimeFormat('en-IN', { year: 'numeric', month: 'short', day: 'numeric' }).format(date));
    expect(formatDate(iso, 'bn')).toMatch(/^[০-৯]+ .+ [০-৯]{4}$/);
    expect(formatDate('not a date', 'bn')).toBe('not a date');
  });

  it('writes every month exactly as Intl does (en-IN, bn-BD), without calling it', () => {
    for (let month = 0; month < 12; month += 1) {
      for (const day of [1, 9, 28]) {
        const date = new Date(2025, month, day, 23, 30);
        for (const [locale, intl] of [['en', 'en-IN'], ['bn', 'bn-BD']] as const) {
          expect(formatDate(date.toISOString(), locale)).toBe(new Intl.DateTimeFormat(intl, { year: 'numeric', month: 'short', day: 'numeric' }).format(date));
        }
      }
    }
  });
});

describe('times of day', () => {
  it('in Bangla: the date day first, then the part of the day before a 12-hour time, never AM/PM', () => {
    const at = (hour: number, minute = 4) => new Date(2026, 10, 28, hour, minute).toISOString();
    expect(formatDateTime(at(15), 'bn')).toBe('২৮ নভে, ২০২৬, বিকাল ৩:০৪');
    expect(formatDateTime(at(0, 15), 'bn')).toBe('২৮ নভে, ২০২৬, রাত ১২:১৫');
    expect(formatDateTime(at(5), 'bn')).toBe('২৮ নভে, ২০২৬, ভোর ৫:০৪');
    expect(formatDateTime(at(9), 'bn')).toBe('২৮ নভে, ২০২৬, সকাল ৯:০৪');
    expect(formatDateTime(at(12, 30), 'bn')).toBe('২৮ নভে, ২০২৬, দুপুর ১২:৩০');
    expect(formatDateTime(at(19), 'bn')).toBe('২৮ নভে, ২০২৬, সন্ধ্যা ৭:০৪');
    expect(formatDateTime(at(23, 59), 'bn')).toBe('২৮ নভে, ২০২৬, রাত ১১:৫৯');
    for (let hour = 0; hour < 24; hour += 1) expect(formatDateTime(at(hour), 'bn')).not.toMatch(/AM|PM|[0-9]/i);
  });

  it('in English as Intl writes it', () => {
    const iso = new Date(2026, 10, 28, 15, 4).toISOString();
    expect(formatDateTime(iso, 'en')).toBe(new Intl.DateTimeFormat('en-IN', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(iso)));
  });
});
