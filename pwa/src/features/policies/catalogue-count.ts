import { formatNumber } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/runtime.ts';

/**
 * "Showing 11–16 of 16 policies": the catalogue's count of one page of matches. One policy or
 * several is chosen here, not by an ICU plural in the message: Lingui's plural asks Intl for
 * plural rules and a number format, and a page's first Intl call loads locale data, one long
 * task in the middle of hydrating the catalogue (decision 0093). English has the two forms;
 * Bangla writes both alike.
 */
export const showingText = (first: number, last: number, total: number) =>
  t(total === 1 ? 'catalogue.showingOne' : 'catalogue.showing', { first: formatNumber(first), last: formatNumber(last), total: formatNumber(total) });
