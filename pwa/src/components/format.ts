/** Texts cut for previews; numbers and dates are formatted by lib/i18n/format.ts (re-exported here). */
export { formatDate, formatNumber } from '../lib/i18n/format.ts';

/** The first `length` characters of a text, with an ellipsis when it was cut. */
export function preview(text: string, length = 100): string {
  const chars = Array.from(text);
  return chars.length <= length ? text : `${chars.slice(0, length).join('').trimEnd()}…`;
}
