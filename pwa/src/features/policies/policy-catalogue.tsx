/**
 * The policy catalogue (/all-policies and /policies): search over name and description, 8 per
 * page. Reads the local copy, so it works offline; the search and page live in the address
 * (?search=&page=) so Back from a policy returns to the same place. The search forgives a typo
 * and finds Bangla (policy-search.ts); while the copy is still filling, the server searches.
 */
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PolicyCard } from '../../components/policy-card.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/states.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import type { Policy } from '../../lib/local-db.ts';
import { usePrerendered } from '../../lib/prerendered.tsx';
import { isEmptyList, useLocalData } from '../../lib/use-local-data.ts';
import { Pager } from './pager.tsx';
import { clampPage, pageCountOf, policiesPerPage } from './pagination.ts';
import { buildSearchIndex, searchPolicies } from './policy-search.ts';
import { useFullSearch } from './use-full-search.ts';
import { useServerSearch } from './use-server-search.ts';
import { pullStatus } from '../../lib/pull-status.ts';
import { useStatusOf } from '../../lib/status-store.ts';
import { useOnline } from '../../lib/use-online.ts';
import { useTypedBeforeHydration } from '../../lib/use-typed-before-hydration.ts';
import { earlyAnswerSettled } from '../../lib/early-answer.ts';
import './policies.css';
import { t } from '../../lib/i18n/runtime.ts';
import { showingText } from './catalogue-count.ts';

/** The address follows the typed search after this pause (or at once when the box loses focus). */
const searchToAddressDelayMs = 300;

export function PolicyCatalogue() {
  usePageTitle(t('title.allPolicies'));
  const [params, setParams] = useSearchParams();
  // Typed text lives in state (instant), and is mirrored to the address for Back and reload.
  const [search, setSearch] = useState(() => params.get('search') ?? '');
  const [requestedPage, setRequestedPage] = useState(() => Number(params.get('page') ?? '1'));
  // Filtering and the cards follow the typed text at a lower priority, so typing stays responsive.
  const deferredSearch = useDeferredValue(search);
  const resultsRef = useRef<HTMLHeadingElement>(null);
  const addressTimer = useRef<number | undefined>(undefined);
  // The typed text for the (stable) page handler, so the results need not re-render per keystroke.
  const searchRef = useRef(search);

  // While the local copy loads, the list the page was prerendered with is shown (and hydrated),
  // also after a search or a page has changed the address (the list is this page's own).
  const [builtWith] = useState(usePrerendered()?.catalogue);
  const policies = useLocalData((db) => db.policies.orderBy('creationDate').reverse().toArray(), [], isEmptyList, builtWith);
  const index = useMemo(() => buildSearchIndex(policies.data ?? []), [policies.data]);
  // The forgiving search loads once the person is on the search box (or arrives with a search).
  const [searching, setSearching] = useState(() => (params.get('search') ?? '') !== '');
  const fullSearch = useFullSearch(index, searching);
  const local = useMemo(() => searchPolicies(index, deferredSearch, fullSearch), [index, deferredSearch, fullSearch]);
  // Not all on the device yet: the server's answers to a search (the same algorithm).
  const filled = useStatusOf(pullStatus, (pull) => pull.filled);
  const online = useOnline();
  const remote = useServerSearch(deferredSearch.trim(), !filled && online && deferredSearch.trim() !== '');
  const matches = !filled && remote.status === 'ready' ? remote.data.items : local;
  const pageCount = pageCountOf(matches.length);
  const page = clampPage(requestedPage, pageCount);

  // Writing the address re-renders the whole route, so it waits for a pause in the typing.
  // Cleared and forgotten together: a timer id kept after its write was cancelled (or one
  // forgotten but still pending) is how a late write once rewrote another page's address.
  const cancelAddressWrite = useCallback(() => {
    window.clearTimeout(addressTimer.current);
    addressTimer.current = undefined;
  }, []);
  const writeSearchToAddress = (value: string) => {
    cancelAddressWrite();
    setParams(value ? { search: value } : {}, { replace: true });
  };
  useEffect(() => cancelAddressWrite, [cancelAddressWrite]);

  const changeSearch = (value: string) => {
    // A new search starts again at page 1 (spec section 4).
    setSearch(value);
    searchRef.current = value;
    setRequestedPage(1);
    cancelAddressWrite();
    addressTimer.current = window.setTimeout(() => writeSearchToAddress(value), searchToAddressDelayMs);
  };
  // On leaving the box (tapping a result, say): written now, and the waiting write cancelled, so
  // it can never fire later and navigate away from the page the person went on to.
  const flushSearchToAddress = () => {
    if (addressTimer.current !== undefined) writeSearchToAddress(search);
  };
  const searchBox = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(() => [
    {
      element: searchBox.current,
      rendered: search,
      onTyped: (typed) => {
        setSearching(true);
        changeSearch(typed);
      },
    },
  ]);
  // What was typed early was answered by early-search.ts, whose answer the page gave back for
  // hydrating: the results stay hidden until the app's own answer to the same text shows.
  useEffect(() => {
    if ((searchBox.current?.value ?? '') === deferredSearch) earlyAnswerSettled();
  }, [deferredSearch]);
  const changePage = useCallback(
    (next: number) => {
      cancelAddressWrite();
      const current = searchRef.current;
      setRequestedPage(next);
      setParams({ ...(current ? { search: current } : {}), page: String(next) }, { replace: true });
      resultsRef.current?.focus();
      resultsRef.current?.scrollIntoView({ block: 'start' });
    },
    [setParams, cancelAddressWrite],
  );

  return (
    <section className="container catalogue">
      <h1>{t('catalogue.heading')}</h1>
      <div className="field catalogue__search" role="search">
        <label htmlFor="policy-search">{t('catalogue.search')}</label>
        <input
          ref={searchBox}
          id="policy-search"
          type="search"
          value={search}
          placeholder={t('catalogue.searchPlaceholder')}
          autoComplete="off"
          onChange={(event) => changeSearch(event.target.value)}
          onFocus={() => setSearching(true)}
          onBlur={flushSearchToAddress}
        />
      </div>
      <h2 ref={resultsRef} tabIndex={-1} className="visually-hidden">{t('catalogue.results')}</h2>
      {policies.status === 'loading' && (
        <div className="catalogue__loading">
          <LoadingState>{t('catalogue.loading')}</LoadingState>
          <CardSkeletons />
          <div className="catalogue__pager-space" />
        </div>
      )}
      {policies.status === 'error' && (
        <ErrorState onRetry={policies.retry}>{t('catalogue.failed')}</ErrorState>
      )}
      {policies.status === 'ready' && <CatalogueResults matches={matches} page={page} pageCount={pageCount} onPage={changePage} />}
    </section>
  );
}

interface CatalogueResultsProps {
  matches: readonly Policy[];
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}

/** The count, one page of cards and the pager: re-rendered only when the (deferred) results change, not per keystroke. */
const CatalogueResults = memo(function CatalogueResults({ matches, page, pageCount, onPage }: CatalogueResultsProps) {
  const first = (page - 1) * policiesPerPage;
  const shown = matches.slice(first, first + policiesPerPage);
  return (
    <>
      <p className="catalogue__count" role="status">
        {matches.length === 0
          ? ''
          : showingText(first + 1, first + shown.length, matches.length)}
      </p>
      {matches.length === 0 ? (
        <EmptyState>{t('catalogue.empty')}</EmptyState>
      ) : (
        <ul className="card-grid card-grid--4">
          {shown.map((policy, i) => (
            <li key={policy.id}>
              <PolicyCard policy={policy} eager={i < 2} />
            </li>
          ))}
        </ul>
      )}
      <Pager page={page} pageCount={pageCount} onPage={onPage} />
    </>
  );
});

/**
 * While the local copy fills, a page of empty cards holds the place of the real ones, so the
 * pager and the footer do not jump when the list arrives (layout shift).
 */
function CardSkeletons() {
  return (
    <ul className="card-grid card-grid--4 catalogue__skeletons" aria-hidden="true">
      {Array.from({ length: policiesPerPage }, (_, i) => (
        <li key={i}>
          <div className="card card--skeleton">
            <div className="card__image" />
            <div className="card__body" />
          </div>
        </li>
      ))}
    </ul>
  );
}
