import { describe, expect, it } from 'vitest';
import { errorCodes } from 'edge-api/src/http/errors.ts';
import banglaCatalogue from '../../locales/bn/messages.json';
import { apiErrorMessages, apiErrorText } from './api-errors.ts';
import { activateLocale } from './runtime.ts';

describe("the app's text for each API error code", () => {
  it('has a Bangla text for every code the API can answer with', () => {
    const bangla = banglaCatalogue as Record<string, string>;
    for (const code of errorCodes) {
      const id = apiErrorMessages[code];
      expect(id, code).toBeDefined();
      expect(bangla[id], code).toMatch(/[\u0980-\u09ff]/);
    }
    expect(Object.keys(apiErrorMessages).sort()).toEqual([...errorCodes].sort());
  });

  it("shows the server's own words on English pages", () => {
    expect(apiErrorText('conflict', 'This application was already rejected')).toBe('This application was already rejected');
  });

  it('shows a known message translated on Bangla pages, else the code\'s own Bangla text', async () => {
    await activateLocale('bn');
    try {
      expect(apiErrorText('validation_failed', 'Name is required')).toBe('নাম লিখুন');
      expect(apiErrorText('conflict', 'This application was already rejected')).toBe('এটি ইতিমধ্যে বদলে গেছে। পৃষ্ঠাটি রিলোড করে আবার চেষ্টা করুন।');
    } finally {
      await activateLocale('en');
    }
  });
});
