import { formatNumber } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/runtime.ts';

/** "Showing 11–16 of 16 policies": the catalogue's count of one page of matches. */
export const showingText = (first: number, last: number, total: number) =>
  t('catalogue.showing', { count: total, first: formatNumber(first), last: formatNumber(last), total: formatNumber(total) });
