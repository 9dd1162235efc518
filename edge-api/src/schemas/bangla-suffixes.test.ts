import { describe, expect, it } from 'vitest';
import { attachBanglaSuffixes } from './bangla-suffixes.ts';

describe('Bangla case endings after a name', () => {
  it('joins the genitive to a Bengali word: র after a vowel, ের after a consonant', () => {
    expect(attachBanglaSuffixes('করিম মিয়া-এর অনুরোধ মুছুন')).toBe('করিম মিয়ার অনুরোধ মুছুন');
    expect(attachBanglaSuffixes('রহিম-এর দাবি')).toBe('রহিমের দাবি');
    expect(attachBanglaSuffixes('সুরক্ষা টার্ম শিল্ড-এর জন্য আবেদন')).toBe('সুরক্ষা টার্ম শিল্ডের জন্য আবেদন');
    expect(attachBanglaSuffixes('সুরক্ষা-এর')).toBe('সুরক্ষার');
    expect(attachBanglaSuffixes('খাঁ-এর ছবি')).toBe('খাঁর ছবি');
    expect(attachBanglaSuffixes('নুসরাত জাহান-এর ছবি')).toBe('নুসরাত জাহানের ছবি');
    expect(attachBanglaSuffixes('সাদিয়া-এর ও জয়-এর')).toBe('সাদিয়ার ও জয়ের');
  });

  it('joins কে to any Bengali word', () => {
    expect(attachBanglaSuffixes('করিম মিয়া-কে অনুমোদন করুন')).toBe('করিম মিয়াকে অনুমোদন করুন');
    expect(attachBanglaSuffixes('রহিম-কে ফোন করুন')).toBe('রহিমকে ফোন করুন');
  });

  it('keeps the hyphen after Latin letters, digits, brackets and quotes', () => {
    for (const text of ['Farhana Akter-এর ছবি', 'SSLCommerz-এর নিরাপদ পাতা', 'বিমার অঙ্ক ০-এর বেশি', 'Karim (karim@x.bd)-এর অনুরোধ', '“ঢাকা”-এর সাথে', 'Tanvir-কে', 'দাবি CLM-12-এর কাগজ']) {
      expect(attachBanglaSuffixes(text)).toBe(text);
    }
  });

  it('leaves a word that only begins with the ending alone', () => {
    expect(attachBanglaSuffixes('রহিম-এরপর')).toBe('রহিম-এরপর');
  });
});
