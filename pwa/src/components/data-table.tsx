/**
 * The dashboards' tables: a keyboard-scrollable region (narrow screens scroll the table, not
 * the page), a caption for screen readers, and one header row of column names. Rows are the
 * children.
 */
import type { ReactNode } from 'react';

interface DataTableProps {
  /** Names the scroll region; also the caption unless `caption` says more. */
  label: string;
  caption?: ReactNode;
  columns: readonly string[];
  /** Extra classes on the table, e.g. 'data--compact'. */
  className?: string;
  children: ReactNode;
}

export function DataTable({ label, caption = label, columns, className, children }: DataTableProps) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      <table className={className ? `data ${className}` : 'data'}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column}>{column}</th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
