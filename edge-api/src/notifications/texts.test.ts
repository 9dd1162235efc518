import { describe, expect, it } from 'vitest';
import { pushPayload } from './texts.ts';

describe('the server’s Bangla push texts', () => {
  it('join the genitive to the policy’s Bangla name (issue 48)', () => {
    const notification = { id: 'n1', event: 'application.approved' as const, link: '/dashboard/myApplication' };
    expect(pushPayload({ ...notification, policy_name: 'সুরক্ষা টার্ম শিল্ড' }, 'bn').body).toBe('সুরক্ষা টার্ম শিল্ডের জন্য আপনার আবেদন অনুমোদিত হয়েছে।');
    expect(pushPayload({ ...notification, policy_name: null }, 'bn').body).toBe('একটি পলিসির জন্য আপনার আবেদন অনুমোদিত হয়েছে।');
    expect(pushPayload({ ...notification, policy_name: 'Nirapotta Child Plan' }, 'bn').body).toBe('Nirapotta Child Plan-এর জন্য আপনার আবেদন অনুমোদিত হয়েছে।');
  });
});
