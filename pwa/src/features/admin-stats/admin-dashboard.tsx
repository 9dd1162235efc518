/** The Admin Dashboard at /dashboard (spec section 2): six counts from GET /admin-stats, each 0 when missing. */
import { Link } from 'react-router-dom';
import { StatCards } from '../../components/stat-cards.tsx';
import { ErrorState, LoadingState } from '../../components/states.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { answerOf } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';
import { useRequest } from '../../lib/use-request.ts';
import { formatNumber } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/runtime.ts';

interface AdminStats {
  totalUsers?: number;
  totalPolicies?: number;
  totalApplications?: number;
  totalAgents?: number;
  pendingApplications?: number;
  totalPayments?: number;
}

const cards: { key: keyof AdminStats; label: string }[] = [
  { key: 'totalUsers', label: 'Total Users' },
  { key: 'totalPolicies', label: 'Total Policies' },
  { key: 'totalApplications', label: 'Total Applications' },
  { key: 'totalAgents', label: 'Total Agents' },
  { key: 'pendingApplications', label: 'Pending Applications' },
  { key: 'totalPayments', label: 'Total Payments' },
];

async function fetchAdminStats(signal: AbortSignal): Promise<AdminStats> {
  const res = await api['admin-stats'].$get(undefined, { init: { signal } });
  return answerOf(res);
}

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function AdminDashboard() {
  usePageTitle(t('title.adminDashboard'));
  const stats = useRequest(fetchAdminStats, []);
  return (
    <section>
      <h1>Admin Dashboard</h1>
      {stats.status === 'loading' && <LoadingState>Loading dashboard data...</LoadingState>}
      {stats.status === 'error' && (
        <ErrorState onRetry={stats.reload}>{`Failed to load dashboard data: ${errorMessage(stats.error)}`}</ErrorState>
      )}
      {stats.status === 'ready' && (
        <StatCards
          label="Totals"
          cards={cards.map((card) => ({ label: card.label, value: formatNumber(stats.data[card.key] ?? 0) }))}
        />
      )}
      <h2>Quick links</h2>
      <div className="row-actions">
        <Link className="button" to="/dashboard/manageApplications">Manage Applications</Link>
        <Link className="button button--secondary" to="/dashboard/manageAgent">Manage Agent</Link>
        <Link className="button button--secondary" to="/dashboard/addPolicy">Add Policy</Link>
        <Link className="button button--secondary" to="/dashboard/adminTransactions">All Transactions</Link>
      </div>
    </section>
  );
}
