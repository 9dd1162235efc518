/** The admin's transaction list (GET /payments/all), filtered by the server (spec section 5). */
import { toApiError } from '../../lib/api-error.ts';
import { api } from '../../lib/http.ts';
import type { TransactionFilters } from './transaction-summary.ts';

export interface Transaction {
  id: string;
  transactionId: string;
  email: string;
  policyName: string;
  /** In currency units (the server converts from the smallest unit). */
  amount: number;
  currency: string;
  paidAt: string;
}

export async function fetchTransactions(filters: TransactionFilters, signal?: AbortSignal): Promise<Transaction[]> {
  // Empty filters are left out: the server filters only by what is given.
  const query = Object.fromEntries(Object.entries(filters).map(([key, value]) => [key, value.trim()]).filter(([, value]) => value));
  const res = await api.payments.all.$get({ query }, { init: { signal } });
  if (!res.ok) throw await toApiError(res);
  return res.json();
}
