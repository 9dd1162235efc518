/** How a payment was made, in the page's language. */
import { t } from '../../lib/i18n/runtime.ts';

export function methodLabel(method: string): string {
  switch (method) {
    case 'bkash':
      return t('papers.method.bkash');
    case 'nagad':
      return t('papers.method.nagad');
    case 'rocket':
      return t('papers.method.rocket');
    case 'demo':
      return t('papers.method.demo');
    default:
      return t('papers.method.card');
  }
}
