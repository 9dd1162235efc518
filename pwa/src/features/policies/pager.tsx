/** Page buttons for the catalogue; the current page is marked for assistive technology. */
import { pageItems } from './pagination.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { formatNumber } from '../../lib/i18n/format.ts';

interface PagerProps {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}

export function Pager({ page, pageCount, onPage }: PagerProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pager" aria-label={t('pager.label')}>
      <ul>
        <li>
          <button type="button" className="pager__button" disabled={page === 1} onClick={() => onPage(page - 1)}>
            {t('pager.previous')}
          </button>
        </li>
        {pageItems(page, pageCount).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <button
                type="button"
                className="pager__button"
                aria-current={item === page ? 'page' : undefined}
                aria-label={t('pager.page', { page: formatNumber(item) })}
                onClick={() => onPage(item)}
              >
                {formatNumber(item)}
              </button>
            </li>
          ) : (
            <li key={item} className="pager__gap">…</li>
          ),
        )}
        <li>
          <button type="button" className="pager__button" disabled={page === pageCount} onClick={() => onPage(page + 1)}>
            {t('pager.next')}
          </button>
        </li>
      </ul>
    </nav>
  );
}
