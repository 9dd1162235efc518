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
import { formatNumber } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/runtime.ts';

export function AgentDashboard() {
  usePageTitle(t('title.agentDashboard'));
  const { user } = useSession();
  const assigned = useAssignedApplications(user?.email ?? '');
  const list = assigned.status === 'ready' ? assigned.data : [];
  const count = (status: string) => list.filter((claim) => claim.status.toLowerCase() === status).length;
  const cards = [
    { label: t('agentDash.awaiting'), value: formatNumber(list.filter(isOpenClaim).length) },
    { label: t('agentDash.assigned'), value: formatNumber(count('assigned')) },
    { label: t('agentDash.pending'), value: formatNumber(count('pending')) },
    { label: t('agentDash.approved'), value: formatNumber(count('approved')) },
    { label: t('agentDash.rejected'), value: formatNumber(count('rejected')) },
    { label: t('agentDash.total'), value: formatNumber(list.length) },
  ];

  return (
    <section className="agent-overview">
      <h1>{t('agentDash.heading')}</h1>
      <p>{user?.name ? t('agentDash.welcomeName', { name: user.name }) : t('agentDash.welcome')}</p>
      {assigned.status === 'loading' && <LoadingState>{t('agentDash.loading')}</LoadingState>}
      {assigned.status === 'error' && <ErrorState onRetry={assigned.retry}>
          <strong>{t('apps.notDownloaded')}</strong> {t('agentDash.failed')}
        </ErrorState>}
      {assigned.status === 'ready' && (
        <StatCards label={t('agentDash.byStatus')} cards={cards} />
      )}
      <h2>{t('agentDash.work')}</h2>
      <div className="agent-overview__links">
        <Link className="button" to="/dashboard/agentPolicyClearance">{t('menu.clearance')}</Link>
        <Link className="button button--secondary" to="/dashboard/assignedCustomers">{t('menu.assignedCustomers')}</Link>
        <Link className="button button--secondary" to="/dashboard/manageBlogs">{t('menu.manageBlogs')}</Link>
      </div>
    </section>
  );
}
