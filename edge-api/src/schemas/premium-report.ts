/**
 * The admin's collections report (issue 49, docs/premiums-api.md): which Dhaka days it covers.
 * Shared with the PWA's form, so the date fields refuse a range the server would, in the same
 * words. Pure (no server imports).
 */
import { z } from './zod.ts';
import { isCalendarDay } from './claim.ts';
import { addDays, daysBetween } from './premium-schedule.ts';

/**
 * At most this many days in one report: the longest quarter (July to September). The report
 * sums receipts over the range, so its cost grows with it; a quarter is what an insurer reports
 * on, and a longer period is a few reports.
 */
export const reportMaxDays = 92;

export const reportDayNotADay = 'Please enter a real date (year-month-day)';
export const reportRangeBackwards = 'The end date must be on or after the start date';
export const reportRangeTooLong = `The report covers at most ${reportMaxDays} days: please choose a shorter range`;

const reportDay = z.string().trim().refine(isCalendarDay, reportDayNotADay).optional();

/** GET /premiums/report?from=&to=: both optional (this month by default). */
export const reportQuery = z.object({ from: reportDay, to: reportDay });

/** The first and last day of the Dhaka month `today` falls in. */
export function monthOf(today: string): { from: string; to: string } {
  const from = `${today.slice(0, 8)}01`;
  const [y, m] = today.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from, to: `${today.slice(0, 8)}${String(last).padStart(2, '0')}` };
}

/**
 * The range asked for, with this month filling what is not given (a lone `from` runs to the end
 * of its month-long window, at most the maximum; a lone `to` starts on its month's first day).
 */
export function reportRange(asked: { from?: string | undefined; to?: string | undefined }, today: string): { from: string; to: string } {
  if (asked.from && asked.to) return { from: asked.from, to: asked.to };
  if (asked.from) return { from: asked.from, to: monthOf(asked.from).to };
  if (asked.to) return { from: monthOf(asked.to).from, to: asked.to };
  return monthOf(today);
}

/** Why a range cannot be reported, or null. */
export function reportRangeProblem(range: { from: string; to: string }): { field: 'from' | 'to'; message: string } | null {
  if (range.to < range.from) return { field: 'to', message: reportRangeBackwards };
  if (daysBetween(range.from, range.to) + 1 > reportMaxDays) return { field: 'to', message: reportRangeTooLong };
  return null;
}

/** The moment a Dhaka day begins, as the ISO text the receipts' `paid_at` is stored in (UTC+6, no daylight saving). */
export const dhakaDayStartsAt = (day: string) => `${addDays(day, -1)}T18:00:00.000Z`;
