import type { Generated } from 'kysely';
import type { PolicyCategory } from '../schemas/policy.ts';
import type { ClaimantRelation, ClaimKind, ClaimStatus, PayoutMethod } from '../schemas/claim.ts';
import type { DocumentRow, DocumentUploadRow } from './document-rows.ts';
import type { PremiumMode } from '../schemas/premium-schedule.ts';
import type { PremiumTables } from './premium-rows.ts';
import type { ServiceRequestRow } from './service-request-rows.ts';
import type { DemoOutboxRow, OneTimeCodeRow, PasswordResetTokenRow, SmsLogRow, SmsQueueRow } from './phone-account-rows.ts';

/** The database as Kysely sees it; mirrors migrations/*.sql. */
export type { ServiceRequestRow };

export interface Database extends PremiumTables {
  sync_clock: { id: number; version: number; epoch: string };
  tombstones: {
    version: number;
    entity: TombstoneEntity;
    entity_id: string;
    owner_email: string | null;
    agent_email: string | null;
    deleted_at: Generated<string>;
  };
  users: UserRow;
  external_identities: {
    issuer: string;
    subject: string;
    user_id: string;
    email: string | null;
    created_at: string;
  };
  refresh_sessions: {
    id: string;
    family_id: string;
    user_id: string;
    token_hash: string;
    created_at: string;
    expires_at: string;
    used_at: string | null;
    revoked_at: string | null;
    /** SHA-256 of the family's sign-out key (migration 0150); null for older sessions. */
    sign_out_hash: string | null;
  };
  sign_in_throttle: {
    key: string;
    attempts: number;
    last_attempt_at: number;
    next_allowed_at: number;
  };
  rate_limits: {
    key: string;
    window_start: number;
    hits: number;
  };
  one_time_codes: OneTimeCodeRow;
  password_reset_tokens: PasswordResetTokenRow;
  sms_log: SmsLogRow;
  sms_queue: SmsQueueRow;
  demo_outbox: DemoOutboxRow;
  images: {
    id: string;
    content_type: string;
    byte_size: number;
    owner_id: string | null;
    created_at: string;
    /** The widths of its smaller WebP copies, comma-separated (migrations/0230_image_sizes.sql). */
    widths: Generated<string>;
    /** 1 while its sizes are still to be made by the housekeeping (migrations/0240_picture_sizes_backfill.sql). */
    sizes_pending: Generated<number>;
  };
  agent_requests: {
    id: string;
    user_id: string | null;
    name: string;
    email: string;
    phone: string;
    nid: string;
    district: string;
    status: AgentRequestStatus;
    created_at: string;
    updated_at: string;
  };
  policies: PolicyRow;
  policy_stats: { policy_id: string; view_count: Generated<number>; application_count: Generated<number> };
  blogs: BlogRow;
  faqs: { id: string; position: number; question: string; answer: string; question_bn: string | null; answer_bn: string | null; version: Generated<number> };
  newsletter_subscribers: {
    id: string;
    name: string;
    email: string;
    created_at: string;
    unsubscribe_token_hash: string | null;
    unsubscribed_at: string | null;
  };
  /** The contact form's messages (issue 29, migration 0191). */
  support_messages: {
    id: string;
    name: string;
    email: string;
    message: string;
    user_id: string | null;
    account_email: string | null;
    created_at: string;
  };
  applications: ApplicationRow;
  payments: {
    id: string;
    application_id: string;
    transaction_id: string;
    provider: string;
    email: string;
    policy_name: string;
    amount_minor: number;
    currency: string;
    paid_at: string;
    /** Set when the payment was given back (its application ended rejected); not income. */
    refunded_at: string | null;
    refund_id: string | null;
    /** bkash, nagad, rocket, card or demo (migration 0170). */
    method: Generated<string>;
    receipt_number: string | null;
  };
  /** An SSLCommerz checkout (migration 0170, payments/sslcommerz-provider.ts). */
  sslcommerz_sessions: {
    tran_id: string;
    application_id: string;
    user_id: string;
    amount_minor: number;
    currency: string;
    method: string;
    status: Generated<'open' | 'paid' | 'failed' | 'cancelled' | 'refused'>;
    reason: string | null;
    created_at: string;
    /** The page's language the payment was started from (0270); null: the account's. */
    language?: 'en' | 'bn' | null;
    /** The dues it pays, a JSON list of their ids (0305); null: the application fee. */
    due_ids?: string | null;
  };
  audit_log: {
    id: Generated<number>;
    actor_id: string | null;
    actor_email: string | null;
    action: string;
    entity: string;
    entity_id: string;
    from_value: string | null;
    to_value: string | null;
    at: string;
  };
  /** Demo payment mode only (migrations/0030): stand-ins for Stripe's PaymentIntents. */
  demo_refunds: {
    id: string;
    intent_id: string;
    created_at: string;
  };
  demo_payment_intents: {
    id: string;
    idempotency_key: string;
    client_secret: string;
    amount_minor: number;
    currency: string;
    status: 'requires_payment_method' | 'succeeded';
    metadata: string;
    created_at: string;
    succeeded_at: string | null;
  };
  notifications: NotificationRow;
  push_subscriptions: {
    id: string;
    user_id: string;
    endpoint: string;
    p256dh: string;
    auth: string;
    created_at: string;
  };
  push_deliveries: {
    id: Generated<number>;
    notification_id: string;
    subscription_id: string;
    status: PushDeliveryStatus;
    attempts: Generated<number>;
    next_attempt_at: string;
    last_error: string | null;
    updated_at: string;
  };
  /** Documents and photos on an application (migration 0180, documents/). */
  documents: DocumentRow;
  document_uploads: DocumentUploadRow;
  /** The parts of an upload under way (migration 0255, documents/upload-parts.ts). */
  document_upload_parts: { stored_name: string; upload_id: string; start_at: number; byte_length: number; accepted: Generated<number>; created_at: string };
  /** migrations/0210: insurance claims (issue 31); db/claims.ts. */
  claims: ClaimRow;
  policy_endings: { application_id: string; claim_id: string; ended_at: string };
  /** migrations/0300: policy servicing (issue 51); commands/service-requests.ts. */
  service_requests: ServiceRequestRow & { /** Migration 0307: the sync clock's version (db/sync-service-requests.ts). */ version: Generated<number> };
  replaced_certificates: { verify_code: string; application_id: string; replaced_at: string };
  nominee_history: {
    application_id: string;
    service_request_id: string;
    nominee_name: string;
    relationship: string;
    nominee_nid: string | null;
    replaced_on: string;
  };
  /** Bytes of documents whose rows went (migration 0181), removed by documents/leftovers.ts. */
  document_leftovers: { stored_name: string; gone_at: string };
  processed_mutations: {
    user_id: string;
    mutation_id: string;
    request_hash: string;
    status_code: number;
    response: string;
    created_at: string;
  };
}

export type Role = 'user' | 'agent' | 'admin';
export type AgentRequestStatus = 'pending' | 'approved' | 'disapproved';
export type ApplicationStatus = 'pending' | 'assigned' | 'approved' | 'rejected';
export type PaymentStatus = 'unpaid' | 'paid';
export type { PolicyCategory } from '../schemas/policy.ts';
export type SyncedTable = 'users' | 'policies' | 'blogs' | 'faqs' | 'applications';
/**
 * What a tombstone removes from clients: a deleted synced row, an agent who is no longer one
 * (0020), or an application taken away from the agent it was assigned to (0020).
 */
export type TombstoneEntity = SyncedTable | 'agents' | 'application_revocations';

export type PushDeliveryStatus = 'pending' | 'sent' | 'failed' | 'gone' | 'dropped';

/** migrations/0150: one inbox item of one person (edge-api/src/notifications/). */
export interface NotificationRow {
  id: string;
  user_id: string;
  event: string;
  entity_id: string | null;
  policy_name: string | null;
  /** The policy's Bangla title, when it has one (migration 0275). */
  policy_name_bn?: string | null;
  link: string;
  created_at: string;
  read_at: string | null;
  version: Generated<number>;
}

export interface UserRow {
  id: string;
  email: string;
  name: string;
  photo_url: string | null;
  role: Role;
  phone: string | null;
  bio: string | null;
  /** The chosen language (0160), null until chosen. */
  language: 'en' | 'bn' | null;
  password_hash: string | null;
  created_at: string;
  last_log_in: string | null;
  /** When `phone` was proven with a code (0290); null: not proven, no sign-in or SMS by it. */
  phone_verified_at?: string | null;
  /** 1: no SMS about policies (0290). */
  sms_opt_out?: Generated<number>;
  version: Generated<number>;
}

export interface PolicyRow {
  id: string;
  title: string;
  category: PolicyCategory;
  description: string;
  short_details: string;
  /** Optional Bangla texts (0161): Bangla pages fall back to the English ones while null. */
  title_bn: string | null;
  short_details_bn: string | null;
  description_bn: string | null;
  min_age: number;
  max_age: number;
  coverage_range: number;
  duration: number;
  base_premium: number;
  image_url: string;
  creator_email: string;
  tracking_id: string;
  creation_date: string;
  /** When an admin withdrew it from the catalogue (0195); its applications keep it. */
  withdrawn_at: string | null;
  version: Generated<number>;
}

export interface BlogRow {
  id: string;
  title: string;
  content: string;
  author_id: string | null;
  author_name: string;
  author_email: string;
  image_url: string | null;
  publish_date: string;
  updated_at: string;
  version: Generated<number>;
}

export interface ApplicationRow {
  id: string;
  user_id: string;
  user_email: string;
  name: string;
  address: string;
  nid: string;
  phone: string | null;
  nominee_name: string;
  relationship: string;
  health_conditions: string;
  estimated_premium: number | null;
  policy_id: string | null;
  policy_name: string;
  /** migration 0275: the policy's Bangla title when applied for; the cover quoted (poisha; null: the policy's). */
  policy_name_bn?: string | null;
  coverage_poisha?: number | null;
  category: string | null;
  status: ApplicationStatus;
  payment_status: PaymentStatus;
  assigned_agent: string | null;
  assigned_at: string | null;
  decided_at: string | null;
  applied_at: string;
  /** Issue 29 (0195): the applicant's date of birth (yyyy-mm-dd), and why it was rejected. */
  date_of_birth: string | null;
  rejection_reason: string | null;
  rejection_note: string | null;
  version: Generated<number>;
  /** The receipt's copy of the payment (migration 0170): set when paid, kept after a refund. */
  receipt_number?: string | null;
  paid_amount_minor?: number | null;
  paid_currency?: string | null;
  paid_method?: string | null;
  paid_provider?: string | null;
  paid_transaction_id?: string | null;
  paid_at?: string | null;
  refunded_at?: string | null;
  /** The policy's number and its certificate's verification code, given when first paid. */
  policy_number?: string | null;
  verify_code?: string | null;
  /** Migration 0250 (issue 47): the nominee's NID; null when sold without one (the nominee unverified). */
  nominee_nid?: string | null;
  /** Migration 0300 (issue 51): when a change issued the current certificate version; null for the first. */
  certificate_version_at?: string | null;
  /** Migration 0280 (issue 49): how often the premium is paid. */
  premium_mode?: PremiumMode | null;
}

/** migrations/0210: one insurance claim; amounts in poisha, `history` a JSON array of steps. */
export interface ClaimRow {
  id: string;
  claim_number: string;
  application_id: string;
  /** The certificate's number (migration 0235); null only on a claim filed before it. */
  policy_number: string | null;
  policy_id: string | null;
  policy_name: string;
  /** The policy's Bangla title (migration 0275), copied from the application. */
  policy_name_bn?: string | null;
  insured_name: string;
  claimant_id: string;
  claimant_email: string;
  claimant_name: string;
  claimant_relation: ClaimantRelation;
  kind: ClaimKind;
  event_date: string;
  description: string;
  district: string;
  payout_method: PayoutMethod;
  payout_account: string;
  payout_bank_name: string | null;
  coverage_poisha: number;
  status: ClaimStatus;
  assigned_agent: string | null;
  assigned_at: string | null;
  missing_documents: string | null;
  decision_reason: string | null;
  approved_poisha: number | null;
  decided_at: string | null;
  paid_poisha: number | null;
  paid_at: string | null;
  payout_paid_method: PayoutMethod | null;
  payout_paid_account: string | null;
  payout_reference: string | null;
  receipt_number: string | null;
  filed_at: string;
  due_on: string;
  overdue_told_at: string | null;
  updated_at: string;
  history: Generated<string>;
  version: Generated<number>;
  /** Migration 0250: 1 when filed as the nominee on a policy with no nominee NID to check against. */
  nominee_unverified: Generated<number>;
  /** Migration 0250: the NID the claimant gave as the nominee's (null from the policyholder). */
  claimant_nid?: string | null;
}
