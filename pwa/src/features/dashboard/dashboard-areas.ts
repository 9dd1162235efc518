/**
 * Who may open which dashboard screen, and the sidebar menu built from the same rules, so a
 * link is shown exactly when its screen opens. The roles come from the server's own
 * authorization table (mayCall), so the screens and the API agree.
 */
import { mayCall, type Role } from 'edge-api/src/auth/access-table.ts';
import { type MessageId } from '../../lib/i18n/runtime.ts';

/** The guarded groups of dashboard children (spec section 6). */
export type DashboardArea = 'admin' | 'agent' | 'blog-authors';

const areaRules: Record<DashboardArea, (role: Role) => boolean> = {
  // Admin screens: whoever may read every application (admins).
  admin: (role) => mayCall(role, 'GET /applications/all'),
  // Agent screens: whoever may decide a claim (agents only).
  agent: (role) => mayCall(role, 'PATCH /applications/:id/status'),
  // Blog management: agents their own, admins all (decisions: both readings of the spec).
  'blog-authors': (role) => mayCall(role, 'POST /blogs'),
};

/** Roles are compared case-insensitively (spec section 6); anything unknown gets nothing. */
export function normalRole(role: string | null | undefined): Role | null {
  const lower = role?.toLowerCase();
  return lower === 'user' || lower === 'agent' || lower === 'admin' ? lower : null;
}

export function mayOpen(role: string | null | undefined, area: DashboardArea): boolean {
  const known = normalRole(role);
  return known !== null && areaRules[area](known);
}

export interface MenuLink {
  to: string;
  label: MessageId;
  end?: boolean;
}

export interface MenuGroup {
  label: MessageId;
  links: MenuLink[];
}

/** The sidebar for a role: its own group first, then what every signed-in user has. */
export function menuFor(role: string | null | undefined): MenuGroup[] {
  const groups: MenuGroup[] = [];
  if (mayOpen(role, 'admin')) {
    groups.push({
      label: 'menu.admin',
      links: [
        { to: '/dashboard/addPolicy', label: 'menu.addPolicy' },
        { to: '/dashboard/manageAgent', label: 'menu.manageAgent' },
        { to: '/dashboard/manageApplications', label: 'menu.manageApplications' },
        { to: '/dashboard/adminTransactions', label: 'menu.transactions' },
        // Issue 49: premiums received in the field and online, by agent and by day.
        { to: '/dashboard/collectionsReport', label: 'menu.collectionsReport' },
        { to: '/dashboard/makeAdmin', label: 'menu.makeAdmin' },
        { to: '/dashboard/auditLog', label: 'menu.auditLog' },
        { to: '/dashboard/claims', label: 'menu.claimsAdmin' },
        { to: '/dashboard/supportInbox', label: 'menu.supportInbox' },
        { to: '/dashboard/demoOutbox', label: 'menu.demoOutbox' },
        // Issue 51: every open request for a change to a policy, the longest waiting first.
        { to: '/dashboard/serviceRequests', label: 'menu.serviceRequests' },
        { to: '/dashboard/manageBlogs', label: 'menu.manageBlogs' },
      ],
    });
  }
  if (mayOpen(role, 'agent')) {
    groups.push({
      label: 'menu.agent',
      links: [
        { to: '/dashboard/manageBlogs', label: 'menu.manageBlogs' },
        { to: '/dashboard/assignedCustomers', label: 'menu.assignedCustomers' },
        // Issue 49: the dues to collect in the field, offline too.
        { to: '/dashboard/collections', label: 'menu.collections' },
        { to: '/dashboard/agentPolicyClearance', label: 'menu.clearance' },
        // Insurance claims (issue 31), beside the spec's Policy Clearance of applications.
        { to: '/dashboard/claims', label: 'menu.claimsToClear' },
        { to: '/dashboard/serviceRequests', label: 'menu.serviceRequests' },
      ],
    });
  }
  groups.push({
    label: 'menu.account',
    links: [
      { to: '/dashboard/myApplication', label: 'menu.myPolicies' },
      ...(mayOpen(role, 'agent') || mayOpen(role, 'admin') ? [] : [{ to: '/dashboard/claims', label: 'menu.myClaims' } as MenuLink]),
      { to: '/dashboard/profile', label: 'menu.profile' },
      { to: '/dashboard', label: 'menu.myDashboard', end: true },
      { to: '/', label: 'menu.home', end: true },
    ],
  });
  return groups;
}
