/** A policy in a card grid (home's popular policies and the catalogue). */
import { memo } from 'react';
import { Link } from 'react-router-dom';
import type { Policy } from '../lib/local-db.ts';
import { cardPictureSizes, CoverImage } from './fallback-image.tsx';
import { formatMoney, formatNumber } from '../lib/i18n/format.ts';
import './cards.css';
import { t } from '../lib/i18n/runtime.ts';
import { categoryLabel } from '../components/category-label.ts';
import { policyText } from '../components/policy-text.ts';

type CardPolicy = Pick<Policy, 'id' | 'title' | 'image' | 'coverageRange' | 'duration'> &
  Partial<Pick<Policy, 'category' | 'shortDetails' | 'titleBn' | 'shortDetailsBn'>>;

// Memoised: a list that re-renders with the same rows (a pull, a status change) redraws no card.
export const PolicyCard = memo(function PolicyCard({ policy, eager = false }: { policy: CardPolicy; eager?: boolean }) {
  const text = policyText(policy);
  return (
    <article className="card">
      <CoverImage className="card__image" src={policy.image} width={640} sizes={cardPictureSizes} loading={eager ? 'eager' : 'lazy'} />
      <div className="card__body">
        {policy.category && <p className="card__eyebrow">{categoryLabel(policy.category)}</p>}
        <h3 className="card__title">{text.title}</h3>
        {text.shortDetails && <p className="card__text">{text.shortDetails}</p>}
        <p className="card__fact">{t('card.coverage', { amount: formatMoney(policy.coverageRange) })}</p>
        <p className="card__fact">{t('card.term', { years: formatNumber(policy.duration) })}</p>
        <Link className="button button--small card__action" to={`/policies/${encodeURIComponent(policy.id)}`}>
          {t('card.viewDetails')}<span className="visually-hidden"> {t('card.viewDetailsOf', { title: text.title })}</span>
        </Link>
      </div>
    </article>
  );
});
