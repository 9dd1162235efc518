/**
 * The admin's transaction report (GET /payments/report): the server filters by the admin's
 * local days (their time zone goes with the request), computes the summary cards and income
 * per day over the whole filtered range, and sends one page of the table.
 */
import { answerOf } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';
import type { PageOf } from '../../lib/use-paged-request.ts';
import type { DayIncome, Summary, TransactionFilters } from './transaction-summary.ts';

export interface Transaction {
  id: string;
  transactionId: string;
  email: string;
  policyName: string;
  /** In currency units (the server converts from the smallest unit). */
  amount: number;
  /** The same in poisha: what the table shows (lib/i18n/format.ts formatMoney). */
  amountMinor: number;
  /** Whose receipt this payment is (/dashboard/receipts/:applicationId). */
  applicationId: string;
  currency: string;
  paidAt: string;
  /** 'Refunded': given back when its application ended rejected; not counted as income. */
  status: 'Success' | 'Refunded';
}

export interface TransactionReport extends PageOf<Transaction> {
  summary: Summary;
  days: DayIncome[];
}

export const transactionsPageSize = 20;

/** The browser's time zone (IANA name), so that the server's days are the admin's days. */
export const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export async function fetchTransactionReport(filters: TransactionFilters, page: number, signal?: AbortSignal): Promise<TransactionReport> {
  // Empty filters are left out: the server filters only by what is given.
  const given = Object.fromEntries(Object.entries(filters).map(([key, value]) => [key, value.trim()]).filter(([, value]) => value));
  const query = { ...given, tz: localTimeZone(), page: String(page), pageSize: String(transactionsPageSize) };
  const res = await api.payments.report.$get({ query }, { init: { signal } });
  return answerOf(res);
}
