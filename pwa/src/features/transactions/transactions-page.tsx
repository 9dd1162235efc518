/**
 * The Transaction Dashboard (admin, spec section 2): payments filtered by the server (date
 * range, customer email, policy name), summary cards, income per day as a bar chart, and
 * the payments table.
 */
import { useEffect, useMemo, useState } from 'react';
import { StatCards } from '../../components/stat-cards.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../components/states.tsx';
import { usePageTitle } from '../../components/use-page-title.ts';
import { messageOf } from '../../lib/api-error.ts';
import { useRequest } from '../../lib/use-request.ts';
import { IncomeChart } from './income-chart.tsx';
import { fetchTransactions } from './transactions-api.ts';
import { defaultFilters, dollars, incomePerDay, summarise, type TransactionFilters } from './transaction-summary.ts';
import './transactions.css';

const filterFields: { key: keyof TransactionFilters; label: string; type: 'date' | 'text' }[] = [
  { key: 'from', label: 'From Date', type: 'date' },
  { key: 'to', label: 'To Date', type: 'date' },
  { key: 'email', label: 'User Email', type: 'text' },
  { key: 'policyName', label: 'Policy Name', type: 'text' },
];

export function TransactionsPage() {
  usePageTitle('Transaction Dashboard');
  const [filters, setFilters] = useState<TransactionFilters>(() => defaultFilters(new Date()));
  // What is typed is sent a moment after typing stops, not on every key.
  const [applied, setApplied] = useState(filters);
  useEffect(() => {
    const timer = window.setTimeout(() => setApplied(filters), 350);
    return () => window.clearTimeout(timer);
  }, [filters]);

  const transactions = useRequest((signal) => fetchTransactions(applied, signal), [applied]);
  const list = useMemo(() => (transactions.status === 'ready' ? transactions.data : []), [transactions.status, transactions.data]);
  const summary = summarise(list.map((transaction) => transaction.amount));
  const days = useMemo(() => incomePerDay(list), [list]);
  useEffect(() => {
    if (transactions.status === 'error') console.error('Failed to load transactions', transactions.error);
  }, [transactions.status, transactions.error]);

  const cards = [
    { label: 'Total Transactions', value: String(summary.count) },
    { label: 'Total Income', value: dollars(summary.total) },
    { label: 'Average Transaction', value: dollars(summary.average) },
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

      {transactions.status === 'loading' && <LoadingState>Loading transactions...</LoadingState>}
      {transactions.status === 'error' && (
        <ErrorState onRetry={transactions.reload}>{messageOf(transactions.error, 'Failed to load transactions.')}</ErrorState>
      )}
      {transactions.status === 'ready' && list.length === 0 && <EmptyState>No transactions found matching your filters</EmptyState>}
      {transactions.status === 'ready' && list.length > 0 && (
        <>
          <div className="panel">
            <IncomeChart days={days} />
          </div>
          <h2 id="transactions-table-title">Transactions</h2>
          <div className="table-scroll" role="region" aria-label="Transactions" tabIndex={0}>
            <table className="data" aria-labelledby="transactions-table-title">
              <thead>
                <tr>
                  <th scope="col">Transaction ID</th>
                  <th scope="col">Customer Email</th>
                  <th scope="col">Policy Name</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Date</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {list.map((transaction) => (
                  <tr key={transaction.id}>
                    <td className="transactions__id">{transaction.transactionId}</td>
                    <td>{transaction.email}</td>
                    <td>{transaction.policyName}</td>
                    <td>{dollars(transaction.amount)}</td>
                    <td>{new Date(transaction.paidAt).toLocaleDateString()}</td>
                    <td><span className="badge badge--success">Success</span></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
