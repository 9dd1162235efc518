import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiRequestError } from './api-error.ts';
import { codeDead, isCodeRefused, refusalText, refusedCodeText, waitText } from './code-refusals.ts';
import { activateLocale, loadScreenMessages } from './i18n/runtime.ts';

const refusedCode = new ApiRequestError(400, {
  error: 'validation_failed',
  message: 'This code is not right, or it has expired. Check the SMS, or ask for a new code.',
  fields: { code: 'This code is not right, or it has expired. Check the SMS, or ask for a new code.' },
});
const sentAt = Date.parse('2026-11-28T10:00:00Z');

describe('what a person reads when a code is refused', () => {
  beforeAll(() => loadScreenMessages());
  afterAll(() => activateLocale('en'));

  it("tells a wrong code, one spent by five wrong tries and one expired apart, by the page's own count and clock", () => {
    expect(isCodeRefused(refusedCode)).toBe(true);
    expect(refusedCodeText({ sentAt, wrong: 1 }, sentAt + 60_000)).toBe('That code is not right. 4 more tries with this code.');
    expect(codeDead({ sentAt, wrong: 4 }, sentAt + 60_000)).toBe(false);
    expect(refusedCodeText({ sentAt, wrong: 5 }, sentAt + 60_000)).toBe('This code was entered wrongly too many times and no longer works. Please ask for a new code.');
    expect(codeDead({ sentAt, wrong: 5 }, sentAt + 60_000)).toBe(true);
    expect(refusedCodeText({ sentAt, wrong: 1 }, sentAt + 5 * 60_000 + 1)).toBe('This code has expired or has been used already. Please ask for a new code.');
    expect(codeDead({ sentAt, wrong: 0 }, sentAt + 5 * 60_000 + 1)).toBe(true);
  });

  it("says how long to wait after too many tries, from the server's answer", () => {
    const tooMany = new ApiRequestError(429, { error: 'too_many_requests', message: 'Too many requests.', details: { retryAfterSeconds: 600 } });
    expect(refusalText(tooMany)).toBe('Too many tries. Please try again in 10 minutes.');
    expect(waitText(45)).toBe('45 seconds');
    expect(refusalText(new TypeError('Failed to fetch'))).toBe('Could not reach the server. Please check your connection and try again.');
  });

  it('says it in Bangla, with Bengali digits', async () => {
    await activateLocale('bn');
    await loadScreenMessages();
    expect(refusedCodeText({ sentAt, wrong: 2 }, sentAt + 1000)).toBe('কোডটি সঠিক নয়। এই কোড দিয়ে আর ৩ বার চেষ্টা করা যাবে।');
    const tooMany = new ApiRequestError(429, { error: 'too_many_requests', message: 'Too many requests.', details: { retryAfterSeconds: 30 } });
    expect(refusalText(tooMany)).toBe('অনেকবার চেষ্টা করা হয়েছে। ৩০ সেকেন্ড পরে আবার চেষ্টা করুন।');
    const notBangladeshi = new ApiRequestError(400, {
      error: 'validation_failed',
      message: 'Invalid request',
      fields: { phone: 'Please enter a Bangladeshi mobile number: 01 and 9 more digits (01712345678), with or without +880' },
    });
    expect(refusalText(notBangladeshi)).toBe('বাংলাদেশি মোবাইল নম্বর লিখুন: 01 এবং আরও ৯টি সংখ্যা (01712345678), +880 সহ বা ছাড়া');
  });
});
