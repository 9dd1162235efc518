/**
 * The receipt and the certificate as read from an application's row (migration 0170): the
 * mapping lives beside the row, so the sync (db/sync.ts) can hand them to the owner's and the
 * admins' offline copies; what is built on it (terms, public verification) is in payments/papers.ts.
 */
import type { Selectable } from 'kysely';
import type { ApplicationRow } from './schema.ts';

type StoredApplication = Selectable<ApplicationRow>;

export interface Receipt {
  applicationId: string;
  receiptNumber: string;
  paidAt: string;
  amountMinor: number;
  currency: string;
  /** bkash, nagad, rocket, card or demo. */
  method: string;
  provider: string;
  /** The provider's own transaction id (Stripe's intent, SSLCommerz's bank transaction). */
  transactionId: string;
  policyId: string | null;
  policyName: string;
  /** The policy's Bangla title (issue 48), or null. */
  policyNameBn: string | null;
  holder: string;
  /** Set when the money was given back (the application was rejected). */
  refundedAt: string | null;
}

export interface CertificateBasis {
  applicationId: string;
  policyNumber: string;
  verifyCode: string;
  holder: string;
  nomineeName: string;
  relationship: string;
  policyId: string | null;
  policyName: string;
  policyNameBn: string | null;
  /** The monthly premium of the application's estimate, poisha; null when none was given. */
  premiumMinor: number | null;
  /** The policy is in force from the later of its approval and its payment. */
  startsAt: string;
}

export interface Papers {
  receipt: Receipt | null;
  certificate: CertificateBasis | null;
}

type Row = Pick<
  StoredApplication,
  'id' | 'name' | 'nominee_name' | 'relationship' | 'policy_id' | 'policy_name' | 'policy_name_bn' | 'status' | 'payment_status' | 'decided_at' | 'estimated_premium'
> &
  Partial<Pick<StoredApplication, 'receipt_number' | 'paid_amount_minor' | 'paid_currency' | 'paid_method' | 'paid_provider' | 'paid_transaction_id' | 'paid_at' | 'refunded_at' | 'policy_number' | 'verify_code'>>;

export function receiptOf(row: Row): Receipt | null {
  if (!row.receipt_number || !row.paid_at || row.paid_amount_minor == null) return null;
  return {
    applicationId: row.id,
    receiptNumber: row.receipt_number,
    paidAt: row.paid_at,
    amountMinor: row.paid_amount_minor,
    currency: row.paid_currency ?? 'bdt',
    method: row.paid_method ?? 'card',
    provider: row.paid_provider ?? 'stripe',
    transactionId: row.paid_transaction_id ?? '',
    policyId: row.policy_id,
    policyName: row.policy_name,
    policyNameBn: row.policy_name_bn ?? null,
    holder: row.name,
    refundedAt: row.refunded_at ?? null,
  };
}

const later = (a: string, b: string) => (a > b ? a : b);

export function certificateOf(row: Row): CertificateBasis | null {
  if (row.status !== 'approved' || row.payment_status !== 'paid' || !row.policy_number || !row.verify_code || !row.paid_at) return null;
  return {
    applicationId: row.id,
    policyNumber: row.policy_number,
    verifyCode: row.verify_code,
    holder: row.name,
    nomineeName: row.nominee_name,
    relationship: row.relationship,
    policyId: row.policy_id,
    policyName: row.policy_name,
    policyNameBn: row.policy_name_bn ?? null,
    premiumMinor: row.estimated_premium == null ? null : row.estimated_premium,
    startsAt: later(row.decided_at ?? row.paid_at, row.paid_at),
  };
}

export const papersOf = (row: Row): Papers => ({ receipt: receiptOf(row), certificate: certificateOf(row) });

