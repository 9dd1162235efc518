/**
 * A list the server pages and filters: `useRequest` for the current page, plus the last page
 * that arrived, so that while the next page or a new search is on its way the screen keeps
 * showing rows (marked busy) instead of flashing a loading state.
 */
import { useState } from 'react';
import { screenRequest } from './screens-first.ts';
import { useRequest, type Request } from './use-request.ts';

/** The query string of one page of a list the server searches: the page, its size, and the search and status filter when set. */
export function pageQuery<Status extends string = never>(query: { page: number; q: string; status?: Status | '' }, pageSize: number) {
  const q = query.q.trim();
  return { page: String(query.page), pageSize: String(pageSize), ...(q ? { q } : {}), ...(query.status ? { status: query.status } : {}) };
}

export interface PageOf<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export type PagedRequest<P> = Request<P> & {
  /** The page to show: the current answer, or the last one while the next is loading. */
  shown: P | undefined;
};

export function usePagedRequest<P>(load: (signal: AbortSignal) => Promise<P>, inputs: readonly unknown[], enabled = true): PagedRequest<P> {
  // The screen's page goes before the next page of a background pull (lib/screens-first.ts).
  const request = useRequest((signal) => screenRequest(load(signal)), inputs, enabled);
  const [kept, setKept] = useState<P | undefined>(undefined);
  // Remembering the latest answer during render (React's pattern for values from earlier renders).
  if (request.status === 'ready' && request.data !== kept) setKept(request.data);
  return { ...request, shown: request.status === 'ready' ? request.data : kept };
}
