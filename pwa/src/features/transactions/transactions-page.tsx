/**
 * The Transaction Dashboard (admin, spec section 2): payments filtered by the server (date
 * range, customer email, policy name), summary cards, income per day as a bar chart, and
 * the payments table.
 */
import { useEffect, useState } from 'react';
import type { Column } from '../../components/data-table.tsx';
import { PagedTable } from '../../components/paged-table.tsx';
import { StatCards } from '../../components/stat-cards.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/states.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { messageOf } from '../../lib/api-error.ts';
import { usePagedRequest } from '../../lib/use-paged-request.ts';
import { IncomeChart } from './income-chart.tsx';
import { fetchTransactionReport, type Transaction } from './transactions-api.ts';
import { defaultFilters, taka, type TransactionFilters } from './transaction-summary.ts';
import './transactions.css';
import { formatDate } from '../../lib/i18n/format.ts';
import { t } from '../../lib/i18n/runtime.ts';

const columns: Column<Transaction>[] = [
  { header: 'Transaction ID', kind: 'title', cell: (transaction) => <span className="transactions__id">{transaction.transactionId}</span> },
  { header: 'Customer Email', cell: (transaction) => transaction.email },
  { header: 'Policy Name', cell: (transaction) => transaction.policyName },
  { header: 'Amount', cell: (transaction) => taka(transaction.amount) },
  { header: 'Date', cell: (transaction) => formatDate(transaction.paidAt) },
  {
    header: 'Status',
    cell: (transaction) =>
      transaction.status === 'Refunded' ? (
        <span className="badge badge--warn">Refunded</span>
      ) : (
        <span className="badge badge--success">Success</span>
      ),
  },
];

const filterFields: { key: keyof TransactionFilters; label: string; type: 'date' | 'text' }[] = [
  { key: 'from', label: 'From Date', type: 'date' },
  { key: 'to', label: 'To Date', type: 'date' },
  { key: 'email', label: 'User Email', type: 'text' },
  { key: 'policyName', label: 'Policy Name', type: 'text' },
];

export function TransactionsPage() {
  usePageTitle(t('title.transactions'));
  const [filters, setFilters] = useState<TransactionFilters>(() => defaultFilters(new Date()));
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
  const summary = report?.summary ?? { count: 0, total: 0, average: 0 };
  useEffect(() => {
    if (transactions.status === 'error') console.error('Failed to load transactions', transactions.error);
  }, [transactions.status, transactions.error]);

  const cards = [
    { label: 'Total Transactions', value: String(summary.count) },
    { label: 'Total Income', value: taka(summary.total) },
    { label: 'Average Transaction', value: taka(summary.average) },
  ];

  return (
    <section className="transactions">
      <h1>Transaction Dashboard</h1>
      <StatCards label="Summary" cards={cards} />

      <form className="panel transactions__filters" role="search" aria-label="Filter transactions" onSubmit={(event) => event.preventDefault()}>
        {filterFields.map((field) => (
          <div className="field" key={field.key}>
            <label htmlFor={`filter-${field.key}`}>{field.label}</label>
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
          <button type="button" className="button button--secondary" onClick={() => setFilters(defaultFilters(new Date()))}>
            Reset Filters
          </button>
        </div>
      </form>

      {transactions.status === 'loading' && !report && <LoadingState>Loading transactions...</LoadingState>}
      {transactions.status === 'error' && (
        <ErrorState onRetry={transactions.reload}>{messageOf(transactions.error, 'Failed to load transactions.')}</ErrorState>
      )}
      {report && report.total === 0 && <EmptyState>No transactions found matching your filters</EmptyState>}
      {report && report.total > 0 && (
        <PagedTable label="Transactions" navLabel="Transactions pages"
          columns={columns} page={report} rowKey={(transaction) => transaction.id} busy={transactions.status === 'loading'} onPage={setPage}>
          <div className="panel">
            <IncomeChart days={report.days} />
          </div>
          <h2>Transactions</h2>
        </PagedTable>
      )}
    </section>
  );
}
