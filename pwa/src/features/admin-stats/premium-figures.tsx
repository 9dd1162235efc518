/**
 * The admin dashboard's premium figures (issue 49): received this Dhaka month, and the
 * 13th-month persistency (of the policies started 12 to 13 months ago, the share still in force
 * or in grace), with how many policies it is of, so a share of one policy is not read as a trend.
 */
import { Link } from 'react-router-dom';
import { StatCards } from '../../components/stat-cards.tsx';
import { formatMoney, formatNumber } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/runtime.ts';

export interface PremiumFigures {
  collectedThisMonthMinor: number;
  paymentsThisMonth: number;
  persistency: { started: number; inForce: number; share: number | null };
}

/** 0.5 -> "50%", 0.8333 -> "83.3%" ("৮৩.৩%" in Bangla). */
const percent = (share: number) => `${formatNumber(Math.round(share * 1000) / 10, { maxFractionDigits: 1 })}%`;

export function PremiumFiguresCards({ premiums }: { premiums: PremiumFigures }) {
  const { persistency } = premiums;
  return (
    <>
      <h2>{t('admin.premiums')}</h2>
      <StatCards
        label={t('admin.premiums')}
        cards={[
          { label: t('admin.collectedThisMonth'), value: formatMoney(premiums.collectedThisMonthMinor) },
          { label: t('admin.paymentsThisMonth'), value: formatNumber(premiums.paymentsThisMonth) },
          { label: t('admin.persistency'), value: persistency.share === null ? '–' : percent(persistency.share) },
        ]}
      />
      <p>
        {persistency.started === 0
          ? t('admin.persistencyNone')
          : t('admin.persistencyOf', { started: formatNumber(persistency.started), inForce: formatNumber(persistency.inForce) })}{' '}
        <Link to="/dashboard/collectionsReport">{t('admin.openReport')}</Link>
      </p>
    </>
  );
}
