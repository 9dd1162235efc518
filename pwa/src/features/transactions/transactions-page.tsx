/**
 * The Transaction Dashboard (admin, spec section 2): payments filtered by the server (date
 * range, customer email, policy name), summary cards, income per day as a bar chart, and
 * the payments table.
 */
import { useEffect, useMemo, useState } from 'react';
import type { Column } from '../../components/data-table.tsx';
import { PagedTable } from '../../components/paged-table.tsx';
import { StatCards } from '../../components/stat-cards.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/states.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { messageOf } from '../../lib/api-error.ts';
import { usePagedRequest } from '../../lib/use-paged-request.ts';
import { IncomeChart } from './income-chart.tsx';
import { fetchTransactionReport, type Transaction } from './transactions-api.ts';
import { continuousDays, defaultFilters, formatDayKey, taka, toDayKey, type TransactionFilters } from './transaction-summary.ts';
import './transactions.css';
import { formatDate, formatNumber, formatMoney } from '../../lib/i18n/format.ts';
import { Link } from 'react-router-dom';
import { type MessageId, t } from '../../lib/i18n/runtime.ts';
import { shownEmail } from '../../lib/shown-email.ts';

const columns = (): Column<Transaction>[] => [
  { header: t('tx.id'), kind: 'title', cell: (transaction) => <span className="transactions__id">{transaction.transactionId}</span> },
  { header: t('tx.email'), cell: (transaction) => shownEmail(transaction.email) || t('common.na') },
  { header: t('tx.policy'), cell: (transaction) => transaction.policyName },
  { header: t('tx.amount'), cell: (transaction) => formatMoney(transaction.amountMinor, { fractionDigits: 2 }) },
  { header: t('tx.date'), cell: (transaction) => formatDate(transaction.paidAt) },
  {
    header: t('tx.status'),
    cell: (transaction) =>
      transaction.status === 'Refunded' ? (
        <span className="badge badge--warn">{t('tx.refunded')}</span>
      ) : (
        <span className="badge badge--success">{t('tx.success')}</span>
      ),
  },
  { header: t('tx.receipt'), cell: (transaction) => <Link to={`/dashboard/receipts/${transaction.applicationId}`}>{t('tx.receipt')}</Link> },
];

const filterFields: { key: keyof TransactionFilters; label: MessageId; type: 'date' | 'text' }[] = [
  { key: 'from', label: 'tx.from', type: 'date' },
  { key: 'to', label: 'tx.to', type: 'date' },
  { key: 'email', label: 'tx.userEmail', type: 'text' },
  { key: 'policyName', label: 'tx.policy', type: 'text' },
];

/** Which payments the figures are of (issue 29): never a silent window. */
function periodText({ from, to }: TransactionFilters): string {
  // The day's own noon in the device's zone (noon UTC is the next day east of UTC+12).
  const day = (key: string) => formatDayKey(key);
  if (from && to) return t('tx.periodBetween', { from: day(from), to: day(to) });
  if (from) return t('tx.periodFrom', { from: day(from) });
  if (to) return t('tx.periodTo', { to: day(to) });
  return t('tx.periodAll');
}

export function TransactionsPage() {
  usePageTitle(t('title.transactions'));
  const [filters, setFilters] = useState<TransactionFilters>(defaultFilters);
  const [page, setPage] = useState(1);
  // What is typed is sent a moment after typing stops, not on every key.
  const [applied, setApplied] = useState(filters);
  useEffect(() => {
    const timer = window.setTimeout(() => {
      setApplied(filters);
      setPage(1);
    }, 350);
    return () => window.clearTimeout(timer);
  }, [filters]);

  const transactions = usePagedRequest((signal) => fetchTransactionReport(applied, page, signal), [applied, page]);
  const report = transactions.status === 'error' ? undefined : transactions.shown;
  const summary = report?.summary ?? { count: 0, total: 0, average: 0, refunded: { count: 0, total: 0 } };
  useEffect(() => {
    if (transactions.status === 'error') console.error('Failed to load transactions', transactions.error);
  }, [transactions.status, transactions.error]);

  const days = useMemo(() => (report ? continuousDays(report.days, applied.from, applied.to, toDayKey(new Date())) : []), [report, applied.from, applied.to]);

  const cards = [
    { label: t('tx.total'), value: formatNumber(summary.count) },
    { label: t('tx.income'), value: taka(summary.total) },
    { label: t('tx.average'), value: taka(summary.average) },
    // Refunds as refunds (issue 48): the income above is net of them, and says so.
    { label: t('tx.refundedCount', { count: formatNumber(summary.refunded.count) }), value: taka(summary.refunded.total) },
  ];

  return (
    <section className="transactions">
      <h1>{t('tx.heading')}</h1>
      <p className="transactions__period" role="status">{periodText(applied)}</p>
      <StatCards label={t('tx.summary')} cards={cards} />

      <form className="panel transactions__filters" role="search" aria-label={t('tx.filter')} onSubmit={(event) => event.preventDefault()}>
        {filterFields.map((field) => (
          <div className="field" key={field.key}>
            <label htmlFor={`filter-${field.key}`}>{t(field.label)}</label>
            <input
              id={`filter-${field.key}`}
              type={field.type}
              inputMode={field.key === 'email' ? 'email' : undefined}
              autoComplete="off"
              value={filters[field.key]}
              onChange={(event) => setFilters({ ...filters, [field.key]: event.target.value })}
            />
          </div>
        ))}
        <div className="transactions__reset">
          <button type="button" className="button button--secondary" onClick={() => setFilters(defaultFilters())}>
            {t('tx.reset')}
          </button>
        </div>
      </form>

      {transactions.status === 'loading' && !report && <LoadingState>{t('tx.loading')}</LoadingState>}
      {transactions.status === 'error' && (
        <ErrorState onRetry={transactions.reload}>{messageOf(transactions.error, t('tx.failed'))}</ErrorState>
      )}
      {report && report.total === 0 && <EmptyState>{t('tx.none')}</EmptyState>}
      {report && report.total > 0 && (
        <PagedTable label={t('tx.table')} navLabel={t('tx.pages')}
          columns={columns()} page={report} rowKey={(transaction) => transaction.id} busy={transactions.status === 'loading'} onPage={setPage}>
          <div className="panel">
            <IncomeChart days={days} />
          </div>
          <h2>{t('tx.table')}</h2>
        </PagedTable>
      )}
    </section>
  );
}
