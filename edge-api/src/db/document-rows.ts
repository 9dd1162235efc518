/**
 * The rows of documents and of the uploads that make them (migrations/0180, 0225, 0255), kept
 * beside schema.ts's Database, which names them.
 */
import type { Generated } from 'kysely';

/** migrations/0180: a document or photo of an application (edge-api/src/documents/). */
export type DocumentKind = 'nid-front' | 'nid-back' | 'photo' | 'other' | 'evidence';

/** What a document and the upload that makes it both record: whose it is and what it shows. */
interface DocumentIdentity {
  id: string;
  application_id: string;
  owner_id: string;
  kind: DocumentKind;
  write_id: string;
  client_key: string;
  note: string | null;
  created_at: string;
  /** migrations/0225: the claim it belongs to (null: the application's own) and the paper it shows. */
  claim_id: string | null;
  paper: string | null;
}

export interface DocumentRow extends DocumentIdentity {
  stored_name: string;
  content_type: string;
  byte_size: number;
  width: number;
  height: number;
}

/** An upload under way over tus (migrations/0180); `document_id` once it has become one. */
export interface DocumentUploadRow extends DocumentIdentity {
  length: number;
  received: Generated<number>;
  document_id: string | null;
  refusal_status: number | null;
  refusal: string | null;
  updated_at: string;
}
