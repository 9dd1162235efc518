/**
 * Previous / Next under a list the server pages (admin and agent screens), with where the
 * reader is: "21–40 of 1,234". The list's total comes from the server, so the screen never
 * holds more than one page.
 */
import './page-nav.css';
import { formatNumber } from '../lib/i18n/format.ts';
import { t } from '../lib/i18n/runtime.ts';

interface PageNavProps {
  /** Names the navigation landmark, e.g. 'Applications pages'. */
  label: string;
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** True while the next page is on its way (buttons stay, marked busy). */
  busy?: boolean;
  /** Show nothing when everything fits on one page (lists that are usually short). */
  onlyWhenPaged?: boolean;
}

export function PageNav({ label, page, pageSize, total, onPage, busy = false, onlyWhenPaged = false }: PageNavProps) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (onlyWhenPaged && pageCount === 1) return null;
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav className="page-nav" aria-label={label} aria-busy={busy || undefined}>
      <p className="page-nav__where" aria-live="polite">
        {t('pageNav.where', { first: formatNumber(first), last: formatNumber(last), total: formatNumber(total), page: formatNumber(page), pageCount: formatNumber(pageCount) })}
      </p>
      <div className="page-nav__buttons">
        <button type="button" className="button button--secondary button--small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {t('pager.previous')}
        </button>
        <button type="button" className="button button--secondary button--small" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
          {t('pager.next')}
        </button>
      </div>
    </nav>
  );
}
