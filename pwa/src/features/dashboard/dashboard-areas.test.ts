import { beforeAll, describe, expect, it } from 'vitest';
import { loadScreenMessages, t } from '../../lib/i18n/runtime.ts';
import { mayOpen, menuFor, normalRole } from './dashboard-areas.ts';

// The menu holds message ids; the English page shows the spec's words.
beforeAll(() => loadScreenMessages());
const labels = (role: string | null) => menuFor(role).flatMap((group) => group.links.map((link) => t(link.label)));

describe('who may open which dashboard screens', () => {
  it('compares roles case-insensitively and knows no other roles', () => {
    expect(normalRole('Admin')).toBe('admin');
    expect(normalRole('AGENT')).toBe('agent');
    expect(normalRole('guest')).toBeNull();
    expect(normalRole(undefined)).toBeNull();
  });

  it('opens admin screens to admins, agent screens to agents, blog management to both', () => {
    expect(['user', 'agent', 'admin', 'guest'].map((role) => mayOpen(role, 'admin'))).toEqual([false, false, true, false]);
    expect(['user', 'agent', 'admin', 'guest'].map((role) => mayOpen(role, 'agent'))).toEqual([false, true, false, false]);
    expect(['user', 'agent', 'admin', 'guest'].map((role) => mayOpen(role, 'blog-authors'))).toEqual([false, true, true, false]);
  });

  it("builds each role's menu from the same rules (spec section 6)", () => {
    const everyone = ['My Policies', 'Profile', 'My Dashboard', 'Back To Home'];
    // Insurance claims (issue 31): a customer's own, an agent's to clear, all for admins.
    const [policies, ...rest] = everyone;
    expect(labels('user')).toEqual([policies, 'My Claims', ...rest]);
    expect(labels('agent')).toEqual(['Manage Blogs', 'Assigned Customers', 'Collections', 'Agent Policy Clearance', 'Claims to Clear', 'Change Requests', ...everyone]);
    expect(labels('Admin')).toEqual([
      'Add Policy',
      'Manage Agent',
      'Manage Applications',
      'All Transactions',
      // Issue 49: premiums received in the field and online.
      'Collections Report',
      'Make Admin',
      'Audit Log',
      'Claims',
      'Support Inbox',
      'Demo Outbox',
      'Change Requests',
      'Manage Blogs',
      ...everyone,
    ]);
    expect(labels('guest')).toEqual([policies, 'My Claims', ...rest]);
  });
});
