import { describe, expect, it } from 'vitest';
import { returnTargetOf } from './return-path.ts';

describe('where sign-in returns to', () => {
  it('goes back to the page of origin, with its own state', () => {
    expect(returnTargetOf({ from: '/blogs' })).toEqual({ to: '/blogs' });
    expect(returnTargetOf({ from: { pathname: '/policy-apply-from', search: '?x=1', state: { estimatedPremium: 2.5 } } })).toEqual({
      to: '/policy-apply-from?x=1',
      state: { estimatedPremium: 2.5 },
    });
  });

  it('defaults to / and never leaves the app or loops to the sign-in pages', () => {
    expect(returnTargetOf(null)).toEqual({ to: '/' });
    expect(returnTargetOf({})).toEqual({ to: '/' });
    expect(returnTargetOf({ from: 'https://evil.example/' })).toEqual({ to: '/' });
    expect(returnTargetOf({ from: '//evil.example/' })).toEqual({ to: '/' });
    expect(returnTargetOf({ from: { pathname: '/login' } })).toEqual({ to: '/' });
  });
});
