/** A policy in a card grid (home's popular policies and the catalogue). */
import { memo } from 'react';
import { Link } from 'react-router-dom';
import type { Policy } from '../lib/local-db.ts';
import { CoverImage } from './fallback-image.tsx';
import { formatMoney, formatNumber } from '../lib/i18n/format.ts';
import './cards.css';
import { t } from '../lib/i18n/runtime.ts';
import { categoryLabel } from '../components/category-label.ts';

type CardPolicy = Pick<Policy, 'id' | 'title' | 'image' | 'coverageRange' | 'duration'> & Partial<Pick<Policy, 'category' | 'shortDetails'>>;

// Memoised: a list that re-renders with the same rows (a pull, a status change) redraws no card.
export const PolicyCard = memo(function PolicyCard({ policy, eager = false }: { policy: CardPolicy; eager?: boolean }) {
  return (
    <article className="card">
      <CoverImage className="card__image" src={policy.image} width={640} loading={eager ? 'eager' : 'lazy'} />
      <div className="card__body">
        {policy.category && <p className="card__eyebrow">{categoryLabel(policy.category)}</p>}
        <h3 className="card__title">{policy.title}</h3>
        {policy.shortDetails && <p className="card__text">{policy.shortDetails}</p>}
        <p className="card__fact">{t('card.coverage', { amount: formatMoney(policy.coverageRange) })}</p>
        <p className="card__fact">{t('card.term', { years: formatNumber(policy.duration) })}</p>
        <Link className="button button--small card__action" to={`/policies/${encodeURIComponent(policy.id)}`}>
          {t('card.viewDetails')}<span className="visually-hidden"> {t('card.viewDetailsOf', { title: policy.title })}</span>
        </Link>
      </div>
    </article>
  );
});
