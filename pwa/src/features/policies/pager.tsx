/** Page buttons for the catalogue; the current page is marked for assistive technology. */
import { pageItems } from './pagination.ts';

interface PagerProps {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}

export function Pager({ page, pageCount, onPage }: PagerProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pager" aria-label="Pagination">
      <ul>
        <li>
          <button type="button" className="pager__button" disabled={page === 1} onClick={() => onPage(page - 1)}>
            Previous
          </button>
        </li>
        {pageItems(page, pageCount).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <button
                type="button"
                className="pager__button"
                aria-current={item === page ? 'page' : undefined}
                aria-label={`Page ${item}`}
                onClick={() => onPage(item)}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item} className="pager__gap">…</li>
          ),
        )}
        <li>
          <button type="button" className="pager__button" disabled={page === pageCount} onClick={() => onPage(page + 1)}>
            Next
          </button>
        </li>
      </ul>
    </nav>
  );
}
