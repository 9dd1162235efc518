/**
 * The Admin Dashboard at /dashboard (spec section 2): six counts from GET /admin-stats, each 0 when
 * missing; then the premiums' figures (issue 49) when the server sends them.
 */
import { Link } from 'react-router-dom';
import { StatCards } from '../../components/stat-cards.tsx';
import { ErrorState, LoadingState } from '../../components/states.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { answerOf } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';
import { useRequest } from '../../lib/use-request.ts';
import { formatNumber } from '../../lib/i18n/format.ts';
import { type MessageId, t } from '../../lib/i18n/runtime.ts';
import { PremiumFiguresCards, type PremiumFigures } from './premium-figures.tsx';

interface AdminStats {
  totalUsers?: number;
  totalPolicies?: number;
  totalApplications?: number;
  totalAgents?: number;
  pendingApplications?: number;
  totalPayments?: number;
  premiums?: PremiumFigures;
}

const cards: { key: Exclude<keyof AdminStats, 'premiums'>; label: MessageId }[] = [
  { key: 'totalUsers', label: 'admin.totalUsers' },
  { key: 'totalPolicies', label: 'admin.totalPolicies' },
  { key: 'totalApplications', label: 'admin.totalApplications' },
  { key: 'totalAgents', label: 'admin.totalAgents' },
  { key: 'pendingApplications', label: 'admin.pendingApplications' },
  { key: 'totalPayments', label: 'admin.totalPayments' },
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
      <h1>{t('admin.heading')}</h1>
      {stats.status === 'loading' && <LoadingState>{t('admin.loading')}</LoadingState>}
      {stats.status === 'error' && (
        <ErrorState onRetry={stats.reload}>{t('admin.failed', { message: errorMessage(stats.error) })}</ErrorState>
      )}
      {stats.status === 'ready' && (
        <StatCards
          label={t('admin.totals')}
          cards={cards.map((card) => ({ label: t(card.label), value: formatNumber(stats.data[card.key] ?? 0) }))}
        />
      )}
      {stats.status === 'ready' && stats.data.premiums && <PremiumFiguresCards premiums={stats.data.premiums} />}
      <h2>{t('admin.quickLinks')}</h2>
      <div className="row-actions">
        <Link className="button" to="/dashboard/manageApplications">{t('menu.manageApplications')}</Link>
        <Link className="button button--secondary" to="/dashboard/manageAgent">{t('menu.manageAgent')}</Link>
        <Link className="button button--secondary" to="/dashboard/addPolicy">{t('menu.addPolicy')}</Link>
        <Link className="button button--secondary" to="/dashboard/adminTransactions">{t('menu.transactions')}</Link>
      </div>
    </section>
  );
}
