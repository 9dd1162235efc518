import type { Generated } from 'kysely';
import type { PolicyCategory } from '../schemas/policy.ts';

/** The database as Kysely sees it; mirrors migrations/*.sql. */
export interface Database {
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
  images: {
    id: string;
    content_type: string;
    byte_size: number;
    owner_id: string | null;
    created_at: string;
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
  newsletter_subscribers: { id: string; name: string; email: string; created_at: string };
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
  category: string | null;
  status: ApplicationStatus;
  payment_status: PaymentStatus;
  assigned_agent: string | null;
  assigned_at: string | null;
  decided_at: string | null;
  applied_at: string;
  version: Generated<number>;
}
