/**
 * My Applications ('My Policies', spec section 2; issue 29): the user's own applications as a
 * customer reads a policy (my-policy-columns.tsx), searchable by the policy's name; Pay while
 * unpaid and not rejected, Delete only where the server allows it (pending and unpaid).
 */
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { DataTable } from '../../components/data-table.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/states.tsx';
import { showToast } from '../../components/toast.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { messageOf } from '../../lib/api-error.ts';
import type { Application } from '../../lib/local-db.ts';
import { useSession } from '../../lib/use-session.ts';
import { myPolicyColumns, policyNameOf } from './my-policy-columns.tsx';
import { usePolicyFacts } from './use-policy-facts.ts';
import { deleteApplication, isAlreadyGone } from './delete-application.ts';
import { useMyApplications } from './use-my-applications.ts';
import './my-applications.css';
import { t } from '../../lib/i18n/runtime.ts';
import { shownPolicyName } from '../../components/policy-text.ts';

export function MyApplicationsPage() {
  usePageTitle(t('title.myPolicies'));
  const { user } = useSession();
  const applications = useMyApplications(user?.email ?? '');
  const [toDelete, setToDelete] = useState<Application | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [search, setSearch] = useState('');
  const searchId = useId();
  const loaded = applications.status === 'ready' ? applications.data : undefined;
  const rows = useMemo(() => loaded ?? [], [loaded]);
  const facts = usePolicyFacts(
    [...new Set(rows.flatMap((row) => (row.policyId ? [row.policyId] : [])))],
    [...new Set(rows.flatMap((row) => (row.assignedAgent ? [row.assignedAgent.toLowerCase()] : [])))],
  );
  // By the policy's name, in either language (the English name is the one applied for).
  const needle = search.trim().toLowerCase();
  const shown = needle
    ? rows.filter((row) => row.policyName.toLowerCase().includes(needle) || policyNameOf(row, facts).toLowerCase().includes(needle))
    : rows;

  async function confirmDelete() {
    if (!toDelete) return;
    const { id } = toDelete;
    setDeleting(true);
    try {
      const outcome = await deleteApplication(id);
      if (outcome === 'queued') {
        showToast('info', t('apps.deletionSaved'), t('apps.deleteOffline'), 4000);
      } else if (outcome === 'slow') {
        showToast('info', t('apps.deletionSaved'), t('apps.deleteSlow'), 4000);
      } else {
        applications.forget(id);
        showToast('success', t('apps.deleted'), t('apps.deletedText'), 1500);
      }
    } catch (error) {
      if (isAlreadyGone(error)) {
        applications.forget(id);
        showToast('error', t('apps.notFound'));
      } else {
        showToast('error', t('apps.deleteFailed'), messageOf(error, ''));
      }
    } finally {
      setDeleting(false);
      setToDelete(null);
    }
  }

  return (
    <section className="my-applications">
      <h1>{t('apps.heading')}</h1>
      {applications.status === 'loading' && <LoadingState>{t('apps.loading')}</LoadingState>}
      {applications.status === 'error' && <ErrorState onRetry={applications.retry}>
          <strong>{t('apps.notDownloaded')}</strong> {t('apps.fetchFailed')}
        </ErrorState>}
      {applications.status === 'ready' && applications.data.length === 0 && (
        <div className="my-applications__empty">
          <EmptyState>{t('apps.none')}</EmptyState>
          <p>{t('apps.noneYet')}</p>
          <Link className="button" to="/all-policies">{t('apps.browse')}</Link>
        </div>
      )}
      {applications.status === 'ready' && applications.data.length > 0 && (
        <>
          <div className="field my-applications__search">
            <label htmlFor={searchId}>{t('apps.search')}</label>
            <input id={searchId} type="search" value={search} onChange={(event) => setSearch(event.target.value)} autoComplete="off" />
          </div>
          {shown.length === 0 ? (
            <EmptyState>{t('apps.noMatch', { search: search.trim() })}</EmptyState>
          ) : (
            <DataTable label={t('apps.tableLabel')} columns={myPolicyColumns(facts, setToDelete)} rows={shown} rowKey={(application) => application.id} />
          )}
        </>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        busy={deleting}
        onCancel={() => setToDelete(null)}
        onConfirm={() => void confirmDelete()}
        confirmLabel={t('apps.confirmDelete')}
        busyLabel={t('apps.deleting')}
      >
        <p>{t('apps.willDelete', { policy: toDelete ? shownPolicyName(toDelete) : '' })}</p>
      </ConfirmDialog>
    </section>
  );
}
