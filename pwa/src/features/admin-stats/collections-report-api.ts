/** The admin's collections report (GET /premiums/report, issue 49): Dhaka days in, sums in poisha out. */
import { answerOf } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';

export interface ReportRange {
  from: string;
  to: string;
}

export async function fetchCollectionsReport(range: ReportRange, signal: AbortSignal) {
  const res = await api.premiums.report.$get({ query: { from: range.from, to: range.to } }, { init: { signal } });
  return answerOf(res);
}

export type CollectionsReport = Awaited<ReturnType<typeof fetchCollectionsReport>>;
export type ReportDayLine = CollectionsReport['byDay'][number];
export type ReportAgentLine = CollectionsReport['byAgent'][number];
