/**
 * Who may open which dashboard screen, and the sidebar menu built from the same rules, so a
 * link is shown exactly when its screen opens. The roles come from the server's own
 * authorization table (mayCall), so the screens and the API agree.
 */
import { mayCall, type Role } from 'edge-api/src/auth/access-table.ts';

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
  label: string;
  end?: boolean;
}

export interface MenuGroup {
  label: string;
  links: MenuLink[];
}

/** The sidebar for a role: its own group first, then what every signed-in user has. */
export function menuFor(role: string | null | undefined): MenuGroup[] {
  const groups: MenuGroup[] = [];
  if (mayOpen(role, 'admin')) {
    groups.push({
      label: 'Admin',
      links: [
        { to: '/dashboard/addPolicy', label: 'Add Policy' },
        { to: '/dashboard/manageAgent', label: 'Manage Agent' },
        { to: '/dashboard/manageApplications', label: 'Manage Applications' },
        { to: '/dashboard/adminTransactions', label: 'All Transactions' },
        { to: '/dashboard/makeAdmin', label: 'Make Admin' },
        { to: '/dashboard/auditLog', label: 'Audit Log' },
        { to: '/dashboard/manageBlogs', label: 'Manage Blogs' },
      ],
    });
  }
  if (mayOpen(role, 'agent')) {
    groups.push({
      label: 'Agent',
      links: [
        { to: '/dashboard/manageBlogs', label: 'Manage Blogs' },
        { to: '/dashboard/assignedCustomers', label: 'Assigned Customers' },
        { to: '/dashboard/agentPolicyClearance', label: 'Agent Policy Clearance' },
      ],
    });
  }
  groups.push({
    label: 'Account',
    links: [
      { to: '/dashboard/myApplication', label: 'My Policies' },
      { to: '/dashboard/profile', label: 'Profile' },
      { to: '/dashboard', label: 'My Dashboard', end: true },
      { to: '/', label: 'Back To Home', end: true },
    ],
  });
  return groups;
}
