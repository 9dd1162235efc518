import { sql } from 'kysely';
import { nomineeNidPhotoPaper } from '../schemas/service-request.ts';

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

/**
 * The nominee's NID photo sent with a request (issue 51, migration 0311: the policy's paper named
 * by the request's write id), as a column of a query over `service_requests`.
 */
export const nomineeNidPhotoColumn = () =>
  sql<string | null>`(SELECT documents.id FROM documents WHERE documents.application_id = service_requests.application_id AND documents.claim_id IS NULL
    AND documents.paper = ${nomineeNidPhotoPaper} AND documents.write_id = service_requests.write_id ORDER BY documents.created_at LIMIT 1)`.as('nominee_nid_photo');

/** A request with what the lists show of its policy (GET /api/service-requests, the sync pull). */
export type ListedServiceRequestRow = ServiceRequestRow & {
  policy_name: string;
  policy_name_bn?: string | null;
  policy_number?: string | null;
  holder: string;
  nominee_nid_photo: string | null;
};
