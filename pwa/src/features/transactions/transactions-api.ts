/** The admin's transaction list (GET /payments/all), filtered by the server (spec section 5). */
import { jsonOrThrow } from '../../lib/api-error.ts';
import { authFetch } from '../../lib/http.ts';
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
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value.trim()) query.set(key, value.trim());
  const res = await authFetch(`/payments/all?${query}`, { signal });
  const body = await jsonOrThrow<Transaction[] | { data: Transaction[] }>(res);
  return Array.isArray(body) ? body : body.data;
}
