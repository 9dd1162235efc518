import { lazy, Suspense } from 'react';
import { RouteError } from '../../components/route-error.tsx';
import { HeaderStatus } from '../layouts/header-status.tsx';
import { PublicLayout } from '../layouts/public-layout.tsx';
import { withScreenMessages } from '../../lib/i18n/runtime.ts';
import type { DashboardArea } from '../../features/dashboard/dashboard-areas.ts';
import type { GuardHandle, ScreenRoute } from './screen-route.tsx';

/**
 * /dashboard and its children (spec section 2), plus the agent request form at /requestAgent.
 * Every screen is a lazy import, so none of this code is in the public pages' first load.
 * Role guards are layout routes: admin-only and agent-only children send others to /forbidden.
 */

// The role's own view at /dashboard, composed from the features that own them.
export const roleViewModules = {
  user: () => import('../../features/my-applications/my-applications-page.tsx').then((m) => ({ default: m.MyApplicationsPage })),
  agent: () => import('../../features/claims/agent-dashboard.tsx').then((m) => ({ default: m.AgentDashboard })),
  admin: () => import('../../features/admin-stats/admin-dashboard.tsx').then((m) => ({ default: m.AdminDashboard })),
};
const roleViews = { user: lazy(roleViewModules.user), agent: lazy(roleViewModules.agent), admin: lazy(roleViewModules.admin) };

const guarded = (area: DashboardArea): GuardHandle => ({ area });

const guards = () => import('../../features/dashboard/require-role.tsx');
// The bell and the offer of notifications sit in the header's status slot (issue 28).
const NotificationBell = lazy(() => import('../../features/notifications/notification-bell.tsx').then((m) => ({ default: m.NotificationBell })));
const NotificationOffer = lazy(() => import('../../components/notification-permission.tsx').then((m) => ({ default: m.NotificationOffer })));

export const dashboardRoutes: ScreenRoute[] = [
  {
    path: 'dashboard',
    errorElement: <RouteError />,
    // The signed-in screens' texts come with the layout (app/routes: withScreenMessages).
    lazy: () =>
      withScreenMessages(import('../../features/dashboard/dashboard-layout.tsx')).then((m) => ({
        Component: () => (
          <m.DashboardLayout
            status={
              <>
                <Suspense fallback={null}>
                  <NotificationBell />
                </Suspense>
                <HeaderStatus />
              </>
            }
            notice={
              <Suspense fallback={null}>
                <NotificationOffer />
              </Suspense>
            }
          />
        ),
      })),
    children: [
      {
        index: true,
        lazy: () =>
          import('../../features/dashboard/role-index.tsx').then((m) => ({
            Component: () => <m.RoleIndex views={roleViews} />,
          })),
      },
      // Everyone signed in.
      { path: 'myApplication', lazy: () => import('../../features/my-applications/my-applications-page.tsx').then((m) => ({ Component: m.MyApplicationsPage })) },
      { path: 'applications/:id', lazy: () => import('../../features/my-applications/application-view.tsx').then((m) => ({ Component: m.ApplicationView })) },
      { path: 'profile', lazy: () => import('../../features/profile/profile-page.tsx').then((m) => ({ Component: m.ProfilePage })) },
      { path: 'notifications', lazy: () => import('../../features/notifications/inbox-page.tsx').then((m) => ({ Component: m.InboxPage })) },
      // Insurance claims (issue 31): each role's list, filing, and one claim.
      { path: 'claims', lazy: () => import('../../features/insurance-claims/claims-page.tsx').then((m) => ({ Component: m.ClaimsPage })) },
      { path: 'claims/new', lazy: () => import('../../features/insurance-claims/file-claim-page.tsx').then((m) => ({ Component: m.FileClaimPage })) },
      { path: 'claims/:id', lazy: () => import('../../features/insurance-claims/claim-page.tsx').then((m) => ({ Component: m.ClaimPage })) },
      { path: 'payment/:id', lazy: () => import('../../features/payment/payment-page.tsx').then((m) => ({ Component: m.PaymentPage })) },
      // Premiums after the sale (issue 49): the holder's, the assigned agent's and admins' view of a policy's dues.
      { path: 'premiums/:applicationId', lazy: () => import('../../features/premiums/premiums-page.tsx').then((m) => ({ Component: m.PremiumsPage })) },
      { path: 'premiums/:applicationId/statement', lazy: () => import('../../features/premium-statement/statement-page.tsx').then((m) => ({ Component: m.StatementPage })) },
      { path: 'receipts/:id', lazy: () => import('../../features/papers/receipt-page.tsx').then((m) => ({ Component: m.ReceiptPage })) },
      // Policy servicing (issue 51): ask for a change, a policy's history, and each role's list.
      { path: 'policies/:id/change', lazy: () => import('../../features/service-requests/request-change-page.tsx').then((m) => ({ Component: m.RequestChangePage })) },
      { path: 'policies/:id/history', lazy: () => import('../../features/service-requests/service-requests-page.tsx').then((m) => ({ Component: m.ServiceRequestsPage })) },
      { path: 'serviceRequests', lazy: () => import('../../features/service-requests/service-requests-page.tsx').then((m) => ({ Component: m.ServiceRequestsPage })) },
      { path: 'certificates/:id', lazy: () => import('../../features/papers/certificate-page.tsx').then((m) => ({ Component: m.CertificatePage })) },
      {
        lazy: () => guards().then((m) => ({ Component: m.AdminOnly })),
        handle: guarded('admin'),
        children: [
          { path: 'addPolicy', lazy: () => import('../../features/add-policy/add-policy-page.tsx').then((m) => ({ Component: m.AddPolicyPage })) },
          { path: 'manageAgent', lazy: () => import('../../features/manage-agents/manage-agents-page.tsx').then((m) => ({ Component: m.ManageAgentsPage })) },
          {
            path: 'manageApplications',
            lazy: () => import('../../features/manage-applications/manage-applications-page.tsx').then((m) => ({ Component: m.ManageApplicationsPage })),
          },
          { path: 'adminTransactions', lazy: () => import('../../features/transactions/transactions-page.tsx').then((m) => ({ Component: m.TransactionsPage })) },
          { path: 'makeAdmin', lazy: () => import('../../features/make-admin/make-admin-page.tsx').then((m) => ({ Component: m.MakeAdminPage })) },
          { path: 'auditLog', lazy: () => import('../../features/audit-log/audit-log-page.tsx').then((m) => ({ Component: m.AuditLogPage })) },
          { path: 'supportInbox', lazy: () => import('../../features/support-inbox/support-inbox-page.tsx').then((m) => ({ Component: m.SupportInboxPage })) },
          // Issue 50: the SMS and emails the embedded demo keeps instead of sending.
          { path: 'demoOutbox', lazy: () => import('../../features/demo-outbox/demo-outbox-page.tsx').then((m) => ({ Component: m.DemoOutboxPage })) },
          // Issue 49: premiums received in the field and online, by agent and by day.
          {
            path: 'collectionsReport',
            lazy: () => import('../../features/admin-stats/collections-report-page.tsx').then((m) => ({ Component: m.CollectionsReportPage })),
          },
        ],
      },
      {
        lazy: () => guards().then((m) => ({ Component: m.AgentOnly })),
        handle: guarded('agent'),
        children: [
          {
            path: 'assignedCustomers',
            lazy: () => import('../../features/assigned-customers/assigned-customers-page.tsx').then((m) => ({ Component: m.AssignedCustomersPage })),
          },
          { path: 'collections', lazy: () => import('../../features/collections/collections-page.tsx').then((m) => ({ Component: m.CollectionsPage })) },
          { path: 'agentPolicyClearance', lazy: () => import('../../features/claims/policy-clearance-page.tsx').then((m) => ({ Component: m.PolicyClearancePage })) },
        ],
      },
      {
        // Agents manage their own blogs; admins all of them (decisions.md).
        lazy: () => guards().then((m) => ({ Component: m.BlogAuthorsOnly })),
        handle: guarded('blog-authors'),
        children: [{ path: 'manageBlogs', lazy: () => import('../../features/manage-blogs/manage-blogs-page.tsx').then((m) => ({ Component: m.ManageBlogsPage })) }],
      },
    ],
  },
  {
    // A public-layout screen in the spec's table, owned by the dashboards' area.
    element: <PublicLayout />,
    errorElement: <RouteError />,
    children: [{ path: 'requestAgent', lazy: () => withScreenMessages(import('../../features/agent-request/agent-request-page.tsx')).then((m) => ({ Component: m.AgentRequestPage })) }],
  },
];
