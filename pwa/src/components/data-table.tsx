/**
 * The dashboards' tables, designed at 360 px first: where the table's own box is narrow, each
 * row is a card of label/value pairs with its actions as full-width buttons at the foot (a
 * container query in data-table.css, so a table beside the dashboard's sidebar turns into
 * cards by the room it has, not by the window). Where it is wide, a plain table with a caption
 * for screen readers and one header row. Screens give column definitions; the labels of the
 * cards are the column names, so they cannot drift apart.
 */
import type { ReactNode } from 'react';
import './data-table.css';

export interface Column<Row> {
  /** The column's name: the table header, and the label beside the value in a card. */
  header: string;
  cell: (row: Row) => ReactNode;
  /**
   * 'title': a card's heading line (no label beside it). 'actions': the row's buttons, full
   * width at a card's foot.
   */
  kind?: 'title' | 'actions';
}

interface DataTableProps<Row> {
  /** Names the region; also the caption unless `caption` says more. */
  label: string;
  caption?: ReactNode;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Extra classes on the table, e.g. 'data--compact'. */
  className?: string;
}

export function DataTable<Row>({ label, caption = label, columns, rows, rowKey, className }: DataTableProps<Row>) {
  return (
    <div className="data-table table-scroll" role="region" aria-label={label} tabIndex={0}>
      {/* Explicit roles: some browsers drop a table's semantics once its parts are display: block. */}
      <table role="table" className={className ? `data ${className}` : 'data'}>
        <caption className="visually-hidden">{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column) => (
              <th role="columnheader" scope="col" key={column.header}>{column.header}</th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((row) => (
            <tr role="row" key={rowKey(row)}>
              {columns.map((column) => (
                <td role="cell" key={column.header} data-label={column.header} className={column.kind ? `data__${column.kind}` : undefined}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
