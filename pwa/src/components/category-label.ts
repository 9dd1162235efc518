import { t } from '../lib/i18n/runtime.ts';

/** A policy's category (stored in English, spec section 3) in the page's language. */
export function categoryLabel(category: string): string {
  if (category === 'Term Life') return t('category.termLife');
  if (category === 'Senior') return t('category.senior');
  if (category === 'Child') return t('category.child');
  return category;
}
