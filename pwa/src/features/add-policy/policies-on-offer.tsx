/**
 * The policies on offer, for the admin to edit or withdraw (issue 29), from the device's copy of
 * the catalogue (a withdrawn policy leaves it), a page at a time, searchable by title.
 */
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { categoryLabel } from '../../components/category-label.ts';
import { PageNav } from '../../components/page-nav.tsx';
import { EmptyState, LoadingState } from '../../components/states.tsx';
import { showToast } from '../../components/toast.tsx';
import { messageOf } from '../../lib/api-error.ts';
import { formatMoney } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/runtime.ts';
import type { Policy } from '../../lib/local-db.ts';
import { useLocalQuery } from '../../lib/use-local-query.ts';
import { usePageOf } from '../../lib/use-page-of.ts';
import { changePolicy } from './add-policy-api.ts';

export function PoliciesOnOffer({ onEdit }: { onEdit: (policy: Policy) => void }) {
  const policies = useLocalQuery((db) => db.policies.orderBy('creationDate').reverse().toArray(), []);
  const [query, setQuery] = useState('');
  const [withdrawing, setWithdrawing] = useState<Policy | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const wanted = query.trim().toLowerCase();
  const shown = usePageOf((policies ?? []).filter((policy) => !wanted || policy.title.toLowerCase().includes(wanted)), 10);

  async function withdraw() {
    if (!withdrawing) return;
    setBusy(true);
    setFailure(null);
    try {
      await changePolicy(withdrawing.id, { withdrawn: true });
      showToast('success', t('addPolicy.withdrawn'), withdrawing.title);
      const sync = await import('../../lib/offline-entry.ts');
      await sync.pullChanges();
    } catch (error) {
      setFailure(messageOf(error, t('addPolicy.withdrawFailed')));
    } finally {
      setBusy(false);
      setWithdrawing(null);
    }
  }

  return (
    <section className="panel add-policy__offered" aria-labelledby="policies-on-offer">
      <h2 id="policies-on-offer">{t('addPolicy.onOffer')}</h2>
      <div className="field">
        <label htmlFor="policies-on-offer-search">{t('addPolicy.findPolicy')}</label>
        <input id="policies-on-offer-search" type="search" value={query} onChange={(event) => setQuery(event.target.value)} />
      </div>
      {failure && <p className="form-message form-message--error" role="alert">{failure}</p>}
      {policies === undefined && <LoadingState>{t('addPolicy.loadingPolicies')}</LoadingState>}
      {policies !== undefined && shown.total === 0 && <EmptyState>{t('addPolicy.noPolicies')}</EmptyState>}
      <ul className="add-policy__list">
        {shown.items.map((policy) => (
          <li key={policy.id} className="add-policy__item">
            <span>
              <strong>{policy.title}</strong>
              <small className="data__detail">
                {categoryLabel(policy.category)} · {formatMoney(policy.coverageRange)}
              </small>
            </span>
            <span className="row-actions">
              <button type="button" className="button button--small button--secondary" aria-label={t('addPolicy.editOf', { title: policy.title })} onClick={() => onEdit(policy)}>
                {t('addPolicy.edit')}
              </button>
              <button type="button" className="button button--small button--danger" aria-label={t('addPolicy.withdrawOf', { title: policy.title })} onClick={() => setWithdrawing(policy)}>
                {t('addPolicy.withdraw')}
              </button>
            </span>
          </li>
        ))}
      </ul>
      <PageNav label={t('addPolicy.pages')} page={shown.page} pageSize={shown.pageSize} total={shown.total} onPage={shown.setPage} onlyWhenPaged />
      <ConfirmDialog
        open={withdrawing !== null}
        busy={busy}
        onCancel={() => setWithdrawing(null)}
        onConfirm={() => void withdraw()}
        confirmLabel={t('addPolicy.confirmWithdraw')}
        busyLabel={t('addPolicy.withdrawing')}
      >
        {withdrawing && <p>{t('addPolicy.askWithdraw', { title: withdrawing.title })}</p>}
      </ConfirmDialog>
    </section>
  );
}
