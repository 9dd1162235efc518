/** How numbers and dates read across the public screens. */

/** 1500000 → "1,500,000" (spec: coverage shown with thousands separators). */
export const formatNumber = (value: number) => value.toLocaleString('en-US');

/** An ISO date as "Mar 5, 2025"; the text itself when it is not a date. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** The first `length` characters of a text, with an ellipsis when it was cut. */
export function preview(text: string, length = 100): string {
  const chars = Array.from(text);
  return chars.length <= length ? text : `${chars.slice(0, length).join('').trimEnd()}…`;
}
