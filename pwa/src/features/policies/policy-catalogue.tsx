/**
 * The policy catalogue (/all-policies and /policies): search over name and description, 8 per
 * page. Reads the local copy, so it works offline; the search and page live in the address
 * (?search=&page=) so Back from a policy returns to the same place.
 */
import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PolicyCard } from '../../components/policy-card.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/states.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { localDb } from '../../lib/local-db.ts';
import { isEmptyList, useLocalData } from '../../lib/use-local-data.ts';
import { Pager } from './pager.tsx';
import { clampPage, pageCountOf, policiesPerPage } from './pagination.ts';
import { buildSearchIndex, searchPolicies } from './policy-search.ts';
import './policies.css';

export function PolicyCatalogue() {
  usePageTitle('All Policies');
  const [params, setParams] = useSearchParams();
  // Typed text lives in state (instant), and is mirrored to the address for Back and reload.
  const [search, setSearch] = useState(() => params.get('search') ?? '');
  const [requestedPage, setRequestedPage] = useState(() => Number(params.get('page') ?? '1'));
  const deferredSearch = useDeferredValue(search);
  const resultsRef = useRef<HTMLHeadingElement>(null);

  const policies = useLocalData(() => localDb.policies.orderBy('creationDate').reverse().toArray(), [], isEmptyList);
  const index = useMemo(() => buildSearchIndex(policies.data ?? []), [policies.data]);
  const matches = useMemo(() => searchPolicies(index, deferredSearch), [index, deferredSearch]);
  const pageCount = pageCountOf(matches.length);
  const page = clampPage(requestedPage, pageCount);
  const shown = matches.slice((page - 1) * policiesPerPage, page * policiesPerPage);

  const changeSearch = (value: string) => {
    // A new search starts again at page 1 (spec section 4).
    setSearch(value);
    setRequestedPage(1);
    setParams(value ? { search: value } : {}, { replace: true });
  };
  const changePage = (next: number) => {
    setRequestedPage(next);
    setParams({ ...(search ? { search } : {}), page: String(next) }, { replace: true });
    resultsRef.current?.focus();
    resultsRef.current?.scrollIntoView({ block: 'start' });
  };

  return (
    <section className="container catalogue">
      <h1>All Policies</h1>
      <div className="field catalogue__search" role="search">
        <label htmlFor="policy-search">Search policies</label>
        <input
          id="policy-search"
          type="search"
          value={search}
          placeholder="Search by name or description"
          autoComplete="off"
          onChange={(event) => changeSearch(event.target.value)}
        />
      </div>
      <h2 ref={resultsRef} tabIndex={-1} className="visually-hidden">Results</h2>
      {policies.status === 'loading' && <LoadingState>Loading policies...</LoadingState>}
      {policies.status === 'error' && (
        <ErrorState onRetry={policies.retry}>Failed to load policies. Please try again later.</ErrorState>
      )}
      {policies.status === 'ready' && (
        <>
          <p className="catalogue__count" role="status">
            {matches.length === 0
              ? ''
              : `Showing ${(page - 1) * policiesPerPage + 1}–${(page - 1) * policiesPerPage + shown.length} of ${matches.length} ${matches.length === 1 ? 'policy' : 'policies'}`}
          </p>
          {matches.length === 0 ? (
            <EmptyState>No policies found matching your search.</EmptyState>
          ) : (
            <ul className="card-grid card-grid--4">
              {shown.map((policy, i) => (
                <li key={policy.id}>
                  <PolicyCard policy={policy} eager={i < 2} />
                </li>
              ))}
            </ul>
          )}
          <Pager page={page} pageCount={pageCount} onPage={changePage} />
        </>
      )}
    </section>
  );
}
