/**
 * Page parameters shared by every list that can grow (admin and agent screens): page numbers
 * from 1, a bounded page size, and one answer shape with the total, so a screen can say
 * "Page 2 of 40" without ever holding more than one page.
 */
import { sql } from 'kysely';
import { z } from 'zod';

export const maxPageSize = 100;
export const defaultPageSize = 20;

/** An optional whole number from 1 to `max` in a query string, with messages that name the parameter. */
export const countParam = (name: string, max: number, tooLarge = `${name} must be at most ${max}`) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(1, `${name} must be at least 1`)
    .max(max, tooLarge)
    .optional();

export const pageParams = {
  page: countParam('page', 100_000, 'page is too large'),
  pageSize: countParam('pageSize', maxPageSize),
};

/** A free-text search box: trimmed, bounded, empty means no search. */
export const searchParam = z.string().trim().max(200, 'That search is too long').optional();

export interface Page<T> {
  items: T[];
  /** Rows matching the filters, over all pages. */
  total: number;
  page: number;
  pageSize: number;
}

export interface PageRequest {
  page?: number | undefined;
  pageSize?: number | undefined;
}

export const pageWindow = ({ page = 1, pageSize = defaultPageSize }: PageRequest) => ({
  page,
  pageSize,
  offset: (page - 1) * pageSize,
});

/** One page and its total, from the page's rows and a count(*) over the same filters. */
export async function pageOf<Row, T>(
  window: { page: number; pageSize: number },
  rows: Promise<Row[]>,
  counted: Promise<{ total: unknown } | undefined>,
  map: (row: Row) => T,
): Promise<Page<T>> {
  const [list, count] = await Promise.all([rows, counted]);
  return { items: list.map(map), total: Number(count?.total ?? 0), page: window.page, pageSize: window.pageSize };
}

/** Case-insensitive substring match; instr() needs no escaping of % and _. */
export const contains = (column: string, text: string) => sql<boolean>`instr(lower(${sql.ref(column)}), lower(${text})) > 0`;
