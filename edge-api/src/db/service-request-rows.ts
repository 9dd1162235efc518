/** migrations/0300: one policy-servicing request (issue 51); `changes` and `previous` are JSON. */
export interface ServiceRequestRow {
  id: string;
  application_id: string;
  user_id: string;
  kind: 'nominee' | 'contact' | 'premium_mode' | 'duplicate_certificate';
  changes: string;
  previous: string | null;
  status: 'pending' | 'approved' | 'refused';
  reason: string | null;
  decided_by_id: string | null;
  decided_by_email: string | null;
  decided_at: string | null;
  created_at: string;
  /** migrations/0311: the request's Idempotency-Key, the `write_id` of the documents sent with it. */
  write_id: string | null;
}
