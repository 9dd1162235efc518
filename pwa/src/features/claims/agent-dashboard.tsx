/**
 * The agent's home at /dashboard: how many assigned claims are in each state, and the way to
 * the agent's screens. Counts come from the same assigned list as the clearance screen, so
 * they show offline too.
 */
import { Link } from 'react-router-dom';
import { StatCards } from '../../components/stat-cards.tsx';
import { ErrorState, LoadingState } from '../../components/states.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { useSession } from '../../lib/use-session.ts';
import { isOpenClaim, useAssignedApplications } from './use-assigned-applications.ts';
import './claims.css';
import { t } from '../../lib/i18n/runtime.ts';

export function AgentDashboard() {
  usePageTitle(t('title.agentDashboard'));
  const { user } = useSession();
  const assigned = useAssignedApplications(user?.email ?? '');
  const list = assigned.status === 'ready' ? assigned.data : [];
  const count = (status: string) => list.filter((claim) => claim.status.toLowerCase() === status).length;
  const cards = [
    { label: 'Awaiting Decision', value: list.filter(isOpenClaim).length },
    { label: 'Assigned', value: count('assigned') },
    { label: 'Pending', value: count('pending') },
    { label: 'Approved', value: count('approved') },
    { label: 'Rejected', value: count('rejected') },
    { label: 'Total Assigned', value: list.length },
  ];

  return (
    <section className="agent-overview">
      <h1>Agent Dashboard</h1>
      <p>Welcome{user?.name ? `, ${user.name}` : ''}. Here is where your assigned policy claims stand.</p>
      {assigned.status === 'loading' && <LoadingState>Loading your claims...</LoadingState>}
      {assigned.status === 'error' && <ErrorState onRetry={assigned.retry}>
          <strong>Not downloaded yet.</strong> Failed to load policy claims. Please try again later.
        </ErrorState>}
      {assigned.status === 'ready' && (
        <StatCards label="Assigned claims by status" cards={cards} />
      )}
      <h2>Your work</h2>
      <div className="agent-overview__links">
        <Link className="button" to="/dashboard/agentPolicyClearance">Agent Policy Clearance</Link>
        <Link className="button button--secondary" to="/dashboard/assignedCustomers">Assigned Customers</Link>
        <Link className="button button--secondary" to="/dashboard/manageBlogs">Manage Blogs</Link>
      </div>
    </section>
  );
}
