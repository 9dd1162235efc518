/**
 * The catalogue's pager (spec section 9): every page when there are 5 or fewer, otherwise the
 * first and last page, the current page with its neighbours, and ellipses for the gaps.
 */

export const policiesPerPage = 8;

export type PageItem = number | 'gap-before' | 'gap-after';

export const pageCountOf = (itemCount: number, perPage = policiesPerPage) => Math.max(1, Math.ceil(itemCount / perPage));

export const clampPage = (page: number, pageCount: number) =>
  Number.isInteger(page) ? Math.min(Math.max(page, 1), pageCount) : 1;

export function pageItems(current: number, pageCount: number): PageItem[] {
  if (pageCount <= 5) return Array.from({ length: pageCount }, (_, i) => i + 1);
  if (current <= 3) return [1, 2, 3, 4, 'gap-after', pageCount];
  if (current >= pageCount - 2) return [1, 'gap-before', pageCount - 3, pageCount - 2, pageCount - 1, pageCount];
  return [1, 'gap-before', current - 1, current, current + 1, 'gap-after', pageCount];
}
