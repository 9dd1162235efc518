/**
 * The Collections Report (admin, issue 49): premiums received between two Dhaka days, cash in the
 * field and online, by day and by the agent who collected them (customers' own online payments
 * on a line of their own). This month by default; the range is checked here as the server
 * checks it (schemas/premium-report.ts), so a wrong one is said at once, in the page's language.
 * The tables turn into cards on a phone (DataTable), so nothing scrolls sideways at 360 px.
 */
import { useState, type FormEvent } from 'react';
import { monthOf, reportMaxDays, reportRangeProblem, reportRangeBackwards } from 'edge-api/src/schemas/premium-report.ts';
import { dhakaToday } from 'edge-api/src/schemas/claim.ts';
import { DataTable, type Column } from '../../components/data-table.tsx';
import { StatCards } from '../../components/stat-cards.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/states.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { messageOf } from '../../lib/api-error.ts';
import { formatMoney, formatNumber } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { formatDay } from '../../lib/premiums/premium-labels.tsx';
import { useRequest } from '../../lib/use-request.ts';
import { fetchCollectionsReport, type ReportAgentLine, type ReportDayLine, type ReportRange } from './collections-report-api.ts';
import './collections-report.css';

const money = (minor: number) => formatMoney(minor);

/** The columns both tables share after their first: field, online, total, number of payments. */
function sums<Line extends { fieldMinor: number; onlineMinor: number; count: number }>(): Column<Line>[] {
  return [
    { header: t('admin.reportField'), cell: (line) => money(line.fieldMinor) },
    { header: t('admin.reportOnline'), cell: (line) => money(line.onlineMinor) },
    { header: t('admin.reportTotal'), cell: (line) => money(line.fieldMinor + line.onlineMinor) },
    { header: t('admin.reportCount'), cell: (line) => formatNumber(line.count) },
  ];
}

const dayColumns = (): Column<ReportDayLine>[] => [{ header: t('admin.reportDay'), kind: 'title', cell: (line) => formatDay(line.day) }, ...sums<ReportDayLine>()];

const agentColumns = (): Column<ReportAgentLine>[] => [
  {
    header: t('admin.reportAgent'),
    kind: 'title',
    cell: (line) =>
      line.agent === null ? (
        t('admin.reportCustomersOnline')
      ) : (
        <>
          {line.agentName ?? line.agent}
          {line.agentName && <span className="collections-report__email">{line.agent}</span>}
        </>
      ),
  },
  ...sums<ReportAgentLine>(),
];

const thisMonth = (): ReportRange => monthOf(dhakaToday(new Date()));

/** The range's problem in the page's language, or null. */
function rangeProblem(range: ReportRange): string | null {
  if (!range.from || !range.to) return t('admin.reportNeedsDays');
  const problem = reportRangeProblem(range);
  if (!problem) return null;
  return problem.message === reportRangeBackwards ? t('admin.reportBackwards') : t('admin.reportTooLong', { days: formatNumber(reportMaxDays) });
}

export function CollectionsReportPage() {
  usePageTitle(t('admin.reportHeading'));
  const [typed, setTyped] = useState<ReportRange>(thisMonth);
  const [applied, setApplied] = useState<ReportRange>(typed);
  const [problem, setProblem] = useState<string | null>(null);
  const report = useRequest((signal) => fetchCollectionsReport(applied, signal), [applied.from, applied.to]);

  const show = (event: FormEvent) => {
    event.preventDefault();
    const found = rangeProblem(typed);
    setProblem(found);
    if (!found) setApplied(typed);
  };
  const showThisMonth = () => {
    const month = thisMonth();
    setTyped(month);
    setProblem(null);
    setApplied(month);
  };

  const data = report.status === 'ready' ? report.data : undefined;
  return (
    <section className="collections-report">
      <h1>{t('admin.reportHeading')}</h1>
      <p>{t('admin.reportIntro')}</p>
      <form className="panel collections-report__range" aria-label={t('admin.reportRange')} onSubmit={show} noValidate>
        {(['from', 'to'] as const).map((key) => (
          <div className="field" key={key}>
            <label htmlFor={`report-${key}`}>{t(key === 'from' ? 'admin.reportFrom' : 'admin.reportTo')}</label>
            <input
              id={`report-${key}`}
              type="date"
              value={typed[key]}
              aria-invalid={problem && key === 'to' ? true : undefined}
              aria-describedby={problem && key === 'to' ? 'report-range-problem' : undefined}
              onChange={(event) => setTyped({ ...typed, [key]: event.target.value })}
            />
          </div>
        ))}
        {problem && (
          <p className="field__error" id="report-range-problem" role="alert">
            {problem}
          </p>
        )}
        <div className="collections-report__actions">
          <button type="submit" className="button">{t('admin.reportShow')}</button>
          <button type="button" className="button button--secondary" onClick={showThisMonth}>{t('admin.reportThisMonth')}</button>
        </div>
      </form>

      <p className="collections-report__period" role="status">
        {t('admin.reportPeriod', { from: formatDay(applied.from), to: formatDay(applied.to) })}
      </p>
      {report.status === 'loading' && <LoadingState>{t('admin.reportLoading')}</LoadingState>}
      {report.status === 'error' && <ErrorState onRetry={report.reload}>{messageOf(report.error, t('admin.reportFailed'))}</ErrorState>}
      {data && data.count === 0 && <EmptyState>{t('admin.reportNone')}</EmptyState>}
      {data && data.count > 0 && (
        <>
          <StatCards
            label={t('admin.reportTotals')}
            cards={[
              { label: t('admin.reportTotal'), value: money(data.totalMinor) },
              { label: t('admin.reportField'), value: money(data.fieldMinor) },
              { label: t('admin.reportOnline'), value: money(data.onlineMinor) },
              { label: t('admin.reportCount'), value: formatNumber(data.count) },
            ]}
          />
          <h2>{t('admin.reportByAgent')}</h2>
          <DataTable label={t('admin.reportByAgent')} columns={agentColumns()} rows={data.byAgent} rowKey={(line) => line.agent ?? ''} />
          <h2>{t('admin.reportByDay')}</h2>
          <DataTable label={t('admin.reportByDay')} columns={dayColumns()} rows={data.byDay} rowKey={(line) => line.day} />
        </>
      )}
    </section>
  );
}
