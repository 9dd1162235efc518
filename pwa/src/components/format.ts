/**
 * How numbers and dates read across the public screens.
 * The usual cases are formatted here rather than with toLocaleString: the first Intl call of a
 * page loads the browser's locale data, and on a slow phone that was over half of the public
 * pages' hydration (~140 ms of a ~310 ms task at 4x CPU; docs/decisions/0065-*). The output is
 * the same as en-US's; anything else (fractions, huge numbers) still goes through Intl.
 */

/** 1500000 → "1,500,000" (spec: coverage shown with thousands separators). */
export function formatNumber(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString('en-US');
  const digits = String(Math.abs(value));
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, ',');
  return value < 0 ? `-${grouped}` : grouped;
}

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** An ISO date as "Mar 5, 2025" (in the device's time zone); the text itself when it is not a date. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const year = date.getFullYear();
  // en-US writes years before 1000 and after 9999 differently (no padding, eras): Intl knows.
  if (year < 1000 || year > 9999) return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
  return `${months[date.getMonth()]} ${date.getDate()}, ${year}`;
}

/** The first `length` characters of a text, with an ellipsis when it was cut. */
export function preview(text: string, length = 100): string {
  const chars = Array.from(text);
  return chars.length <= length ? text : `${chars.slice(0, length).join('').trimEnd()}…`;
}
