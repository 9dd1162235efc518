/**
 * One policy (/policies/:id): shown at once from the local copy, and when online also asked
 * of the server (GET /policies/:id, which counts the view and answers the latest figures).
 */
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { CoverImage } from '../../components/fallback-image.tsx';
import { formatMoney, formatNumber } from '../../lib/i18n/format.ts';
import { NotFound } from '../../components/not-found.tsx';
import { ErrorState, LoadingState } from '../../components/states.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { useRequest } from '../../lib/use-request.ts';
import { answerOf, isNotFound } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';
import type { Policy } from '../../lib/local-db.ts';
import { usePrerendered } from '../../lib/prerendered.tsx';
import { useOnline } from '../../lib/use-online.ts';
import { useLocalQuery } from '../../lib/use-local-query.ts';
import './policies.css';
import { t } from '../../lib/i18n/runtime.ts';
import { categoryLabel } from '../../components/category-label.ts';
import { policyText } from '../../components/policy-text.ts';

async function fetchPolicy(id: string): Promise<Policy> {
  return answerOf(await api.policies[':id'].$get({ param: { id } }));
}

export function PolicyDetails() {
  const { id = '' } = useParams();
  const online = useOnline();
  const navigate = useNavigate();
  const location = useLocation();
  // null: not on this device; undefined: still reading.
  const local = useLocalQuery((db) => db.policies.get(id).then((p) => p ?? null), [id]);
  const remote = useRequest(() => (online ? fetchPolicy(id) : Promise.reject(new Error('offline'))), [id, online]);
  const prerendered = usePrerendered()?.policy;
  const built = prerendered?.id === id ? prerendered : null;
  // The server's 404 outranks a local copy: the policy is gone (or never was).
  const gone = remote.status === 'error' && isNotFound(remote.error);
  const policy = gone ? null : remote.status === 'ready' ? remote.data : local ?? built;
  usePageTitle(policy ? policyText(policy).title : t('title.policyDetails'));

  const goBack = () => {
    // Opened directly (no history inside the app): Back goes to the catalogue.
    if (location.key === 'default') navigate('/all-policies');
    else navigate(-1);
  };

  if (gone) {
    return (
      <NotFound title={t('policy.notFound')} to="/all-policies" linkLabel={t('policy.browseAll')}>
        {t('policy.gone')}
      </NotFound>
    );
  }

  if (!policy) {
    const stillLoading = local === undefined || (online && remote.status === 'loading');
    return (
      <section className="container policy-details-page">
        <p>
          <button type="button" className="button button--secondary" onClick={goBack}>{t('policy.back')}</button>
        </p>
        <h1>{t('policy.heading')}</h1>
        {stillLoading ? (
          <LoadingState>{t('policy.loading')}</LoadingState>
        ) : (
          <ErrorState onRetry={remote.reload}>{t('policy.failed')}</ErrorState>
        )}
      </section>
    );
  }

  const text = policyText(policy);
  return (
    <article className="container policy-details">
      <div>
        <CoverImage
          className="policy-details__image"
          src={policy.image}
          width={640}
          sizes="(min-width: 1200px) 572px, (min-width: 900px) calc(50vw - 28px), calc(100vw - 32px)"
          fetchPriority="high"
        />
      </div>
      <div className="policy-details__main">
        <p className="card__eyebrow">{categoryLabel(policy.category)}</p>
        <h1>{text.title}</h1>
        {policy.withdrawnAt && <p className="form-message" role="note">{t('policy.withdrawn')}</p>}
        <p className="policy-details__lead">{text.shortDetails}</p>
        <p>{text.description}</p>
        <dl className="policy-details__facts">
          <div>
            <dt>{t('policy.coverage')}</dt>
            <dd>{formatMoney(policy.coverageRange)}</dd>
          </div>
          <div>
            <dt>{t('policy.term')}</dt>
            <dd>{t('policy.years', { years: formatNumber(policy.duration) })}</dd>
          </div>
          <div>
            <dt>{t('policy.ages')}</dt>
            <dd>{t('policy.ageRange', { min: formatNumber(policy.minAge), max: formatNumber(policy.maxAge) })}</dd>
          </div>
          <div>
            <dt>{t('policy.basePremium')}</dt>
            {/* Its unit and period (issue 48): taka for the whole term, not a month's premium. */}
            <dd>{t('policy.basePremiumFor', { amount: formatMoney(policy.basePremium), years: formatNumber(policy.duration) })}</dd>
          </div>
          <div>
            <dt>{t('policy.popularity')}</dt>
            <dd><span aria-hidden="true">★ </span>{formatNumber(policy.popularity)}</dd>
          </div>
        </dl>
        <p className="policy-details__actions">
          <button type="button" className="button button--secondary" onClick={goBack}>{t('policy.back')}</button>
          {!policy.withdrawnAt && <Link className="button" to="/get-quote" state={{
              policyId: policy.id,
              policyTitle: text.title,
              // The quote starts from the policy's coverage and term, within its limits (issue 29).
              coverage: policy.coverageRange,
              duration: policy.duration,
              minAge: policy.minAge,
              maxAge: policy.maxAge,
            }}>
            {t('policy.quote')}
          </Link>}
        </p>
      </div>
    </article>
  );
}
