/** Small order statistics for benchmark samples. */

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** The p-th percentile (0-100) by linear interpolation between the closest ranks. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  const lowValue = sorted[low] as number;
  const highValue = sorted[high] as number;
  return lowValue + (highValue - lowValue) * (rank - low);
}

export const formatNumber = (value: number, digits = 0) =>
  Number.isFinite(value) ? value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : 'n/a';

export const formatMs = (value: number) => (Number.isFinite(value) ? `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms` : 'n/a');

export const formatKb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export const formatRatio = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : 'n/a');

/** Microseconds of CPU, or n/a where they could not be read (no /proc). */
export const formatMicros = (value: number) => (Number.isFinite(value) ? `${formatNumber(value)} µs` : 'n/a');
