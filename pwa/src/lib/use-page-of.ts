/**
 * One page of a list already on the device (an agent's assigned applications, kept offline):
 * the screen renders 20 rows, not the whole list, so its DOM does not grow with the data. The
 * page is kept in range when the list shrinks (a claim decided, say).
 */
import { useState } from 'react';

export const localPageSize = 20;

export function usePageOf<T>(list: readonly T[], pageSize = localPageSize) {
  const [wanted, setPage] = useState(1);
  const pageCount = Math.max(1, Math.ceil(list.length / pageSize));
  const page = Math.min(wanted, pageCount);
  return { page, pageSize, total: list.length, setPage, items: list.slice((page - 1) * pageSize, page * pageSize) };
}
