import { useEffect } from 'react';
import { t } from '../lib/i18n/runtime.ts';

/** The tab's title: the screen's (already in the page's language), then the brand. */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = `${title} | ${t('brand.name')}`;
  }, [title]);
}
