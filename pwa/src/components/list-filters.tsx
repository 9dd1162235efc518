/**
 * The search box and status select above a list the server pages and filters (Manage Agents,
 * Manage Applications; Manage Blogs has the search alone). `useListFilters` holds what is
 * typed, the search sent (a moment after typing stops), the status and the page; a new search
 * or status starts from page 1.
 */
import { useEffect, useState } from 'react';
import './list-filters.css';
import { t } from '../lib/i18n/runtime.ts';

/** How long typing must pause before the search is sent. */
const searchDelayMs = 300;

export function useListFilters<Status extends string>(initialStatus: Status) {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const [status, setStatusOnly] = useState<Status>(initialStatus);
  const [page, setPage] = useState(1);
  useEffect(() => {
    // Only a new search starts again at page 1. Run on every first render too, this reset came
    // a moment after the list: a Next tapped at once was undone (seen in a loaded CI run).
    if (typed === q) return;
    const timer = window.setTimeout(() => {
      setQ(typed);
      setPage(1);
    }, searchDelayMs);
    return () => window.clearTimeout(timer);
  }, [typed, q]);
  const setStatus = (next: Status) => {
    setStatusOnly(next);
    setPage(1);
  };
  return { typed, setTyped, q, status, setStatus, page, setPage };
}

export type ListFilterState<Status extends string> = ReturnType<typeof useListFilters<Status>>;

interface ListFiltersProps<Status extends string> {
  /** Names the search landmark, e.g. 'Find applications'. */
  label: string;
  /** Prefix of the fields' ids: `${idPrefix}-search` and `${idPrefix}-status`. */
  idPrefix: string;
  placeholder: string;
  /** The status select's choices; a list without statuses (Manage Blogs) has the search alone. */
  statusChoices?: readonly { value: Status; label: string }[];
  filters: ListFilterState<Status>;
}

export function ListFilters<Status extends string>({ label, idPrefix, placeholder, statusChoices, filters }: ListFiltersProps<Status>) {
  return (
    <form className="list-tools" role="search" aria-label={label} onSubmit={(event) => event.preventDefault()}>
      <div className="field">
        <label htmlFor={`${idPrefix}-search`}>{t('filters.search')}</label>
        <input
          id={`${idPrefix}-search`}
          type="search"
          autoComplete="off"
          placeholder={placeholder}
          value={filters.typed}
          onChange={(event) => filters.setTyped(event.target.value)}
        />
      </div>
      {statusChoices && (
        <div className="field">
          <label htmlFor={`${idPrefix}-status`}>{t('filters.status')}</label>
          <select id={`${idPrefix}-status`} value={filters.status} onChange={(event) => filters.setStatus(event.target.value as Status)}>
            {statusChoices.map((choice) => (
              <option key={choice.value} value={choice.value}>{choice.label}</option>
            ))}
          </select>
        </div>
      )}
    </form>
  );
}
