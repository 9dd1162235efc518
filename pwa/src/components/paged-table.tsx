/**
 * One page of a list the server pages: the table and Previous / Next under it, inside one
 * region marked busy while the next page or a new search is on its way (the rows of the last
 * page stay on screen meanwhile, see `usePagedRequest`). `children` stand above the table,
 * inside the busy region (a chart of the same rows, say).
 */
import type { ReactNode } from 'react';
import type { PageOf } from '../lib/use-paged-request.ts';
import { DataTable, type Column } from './data-table.tsx';
import { PageNav } from './page-nav.tsx';

interface PagedTableProps<Row> {
  /** Names the table's region (and its caption). */
  label: string;
  /** Names the page navigation, e.g. 'Applications pages'. */
  navLabel: string;
  columns: readonly Column<Row>[];
  page: PageOf<Row>;
  rowKey: (row: Row) => string | number;
  /** True while another page is loading. */
  busy: boolean;
  onPage: (page: number) => void;
  children?: ReactNode;
}

export function PagedTable<Row>({ label, navLabel, columns, page, rowKey, busy, onPage, children }: PagedTableProps<Row>) {
  return (
    <div aria-busy={busy || undefined}>
      {children}
      <DataTable label={label} columns={columns} rows={page.items} rowKey={rowKey} />
      <PageNav label={navLabel} page={page.page} pageSize={page.pageSize} total={page.total} busy={busy} onPage={onPage} />
    </div>
  );
}
