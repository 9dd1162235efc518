import { describe, expect, it } from 'vitest';
import { pushPayload } from '../notifications/texts.ts';
import { languageOrNull, pathInLanguage } from './person-address.ts';

describe("addresses in the person's language (issue 48)", () => {
  it('puts a Bangla address under /bn and leaves English and unset ones as they are', () => {
    expect(pathInLanguage('/dashboard/payment/a1?result=paid', 'bn')).toBe('/bn/dashboard/payment/a1?result=paid');
    expect(pathInLanguage('/', 'bn')).toBe('/bn');
    expect(pathInLanguage('/verify/abc', 'en')).toBe('/verify/abc');
    expect(pathInLanguage('/verify/abc', null)).toBe('/verify/abc');
    // Never twice.
    expect(pathInLanguage('/bn/dashboard', 'bn')).toBe('/bn/dashboard');
    expect(pathInLanguage('/bn', 'bn')).toBe('/bn');
    // An English path that merely starts with the letters is still English.
    expect(pathInLanguage('/bnx', 'bn')).toBe('/bn/bnx');
  });

  it('reads only the two languages from storage', () => {
    expect(languageOrNull('bn')).toBe('bn');
    expect(languageOrNull('en')).toBe('en');
    for (const odd of [null, undefined, 'BN', 'fr', 1]) expect(languageOrNull(odd)).toBeNull();
  });

  it("sends a push's link to the screen in the recipient's language, the inbox's path unchanged", () => {
    const notification = { id: 'n1', event: 'application.approved' as const, policy_name: 'Shurokkha', link: '/dashboard/applications/a1' };
    expect(pushPayload(notification, 'bn').link).toBe('/bn/dashboard/applications/a1');
    expect(pushPayload(notification, 'en').link).toBe('/dashboard/applications/a1');
    expect(notification.link).toBe('/dashboard/applications/a1');
  });
});
