import type { Kysely, Selectable } from 'kysely';
import { sameEmail, type SessionUser } from './users.ts';
import { rowSnapshot } from './row-snapshot.ts';
import type { ApplicationRow, ApplicationStatus, Database, PaymentStatus } from './schema.ts';
import { papersOf, type Papers } from './papers.ts';
import type { PremiumMode } from '../schemas/premium-schedule.ts';


/** An application as the API shows it; the spec's alternative names are filled in too. */
export interface Application {
  id: string;
  name: string;
  email: string;
  userEmail: string;
  address: string;
  nid: string;
  phone: string | null;
  nomineeName: string;
  /**
   * Issue 47: what a claim as the nominee is checked against; null when sold without one. Shown
   * only where the application is: its owner, its assigned agent and admins (mayViewApplication).
   */
  nomineeNid: string | null;
  relationship: string;
  healthConditions: string[];
  estimatedPremium: number | null;
  policyId: string | null;
  policyName: string;
  /** The policy's Bangla title (issue 48), shown on Bangla screens; null: the English one. */
  policyNameBn: string | null;
  /** The cover quoted when applying, poisha (issue 48); null on older ones: the policy's own. */
  coveragePoisha: number | null;
  /** Issue 49: how often the premium is paid; null for a policy sold before premiums were kept (no schedule). */
  premiumMode: PremiumMode | null;
  category: string | null;
  policyType: string | null;
  status: ApplicationStatus;
  paymentStatus: PaymentStatus;
  assignedAgent: string | null;
  assignedAt: string | null;
  appliedAt: string;
  decidedAt: string | null;
  /** Issue 29: the applicant's date of birth (yyyy-mm-dd; null on older applications). */
  dateOfBirth: string | null;
  /** Why it was rejected: one of schemas/eligibility.ts's reasons, and the agent's own words. */
  rejectionReason: string | null;
  rejectionNote: string | null;
  /**
   * When its payment was given back (a paid application rejected, payments/refunds.ts): then
   * `paymentStatus` is 'unpaid' again, shown as Refunded, not as never paid (issue 48). Absent
   * on an application made on the device and not sent yet.
   */
  refundedAt?: string | null;
  version: number;
  /** The receipt and the certificate: only in the owner's and the admins' answers (issue 26). */
  papers?: Papers;
}

export type StoredApplication = Selectable<ApplicationRow>;

function parseConditions(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** With `withPapers`, the receipt and the certificate too: only for the owner and admins. */
export function toApplication(row: StoredApplication, withPapers = false): Application {
  const papers = withPapers && row.receipt_number ? papersOf(row) : undefined;
  return {
    ...(papers ? { papers } : {}),
    id: row.id,
    name: row.name,
    email: row.user_email,
    userEmail: row.user_email,
    address: row.address,
    nid: row.nid,
    phone: row.phone,
    nomineeName: row.nominee_name,
    nomineeNid: row.nominee_nid ?? null,
    relationship: row.relationship,
    healthConditions: parseConditions(row.health_conditions),
    estimatedPremium: row.estimated_premium,
    policyId: row.policy_id,
    policyName: row.policy_name,
    policyNameBn: row.policy_name_bn ?? null,
    coveragePoisha: row.coverage_poisha ?? null,
    premiumMode: row.premium_mode ?? null,
    category: row.category,
    policyType: row.category,
    status: row.status,
    paymentStatus: row.payment_status,
    assignedAgent: row.assigned_agent,
    assignedAt: row.assigned_at,
    appliedAt: row.applied_at,
    decidedAt: row.decided_at,
    dateOfBirth: row.date_of_birth ?? null,
    rejectionReason: row.rejection_reason ?? null,
    rejectionNote: row.rejection_note ?? null,
    refundedAt: row.refunded_at ?? null,
    version: row.version,
  };
}

/** Every column, for snapshots that must rebuild the whole row. */
export const applicationColumns = [
  'id',
  'user_id',
  'user_email',
  'name',
  'address',
  'nid',
  'phone',
  'nominee_name',
  'nominee_nid',
  'relationship',
  'health_conditions',
  'estimated_premium',
  'policy_id',
  'policy_name',
  'policy_name_bn',
  'coverage_poisha',
  'premium_mode',
  'category',
  'status',
  'payment_status',
  'assigned_agent',
  'assigned_at',
  'decided_at',
  'applied_at',
  'date_of_birth',
  'rejection_reason',
  'rejection_note',
  'version',
] as const satisfies readonly (keyof ApplicationRow)[];

export const applicationSnapshot = (id: string) => rowSnapshot('applications', applicationColumns, id);

export function findApplication(db: Kysely<Database>, id: string): Promise<StoredApplication | undefined> {
  return db.selectFrom('applications').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether `viewer` may see the receipt and the certificate of `row`: its owner and admins. */
export const mayViewPapers = (viewer: { id: string; role: string } | null, row: Pick<StoredApplication, 'user_id'>) =>
  viewer !== null && (viewer.role === 'admin' || viewer.id === row.user_id);

export const isOwner = (user: SessionUser, row: Pick<StoredApplication, 'user_id'>) => row.user_id === user.id;

export const isAssignedAgent = (user: SessionUser, row: Pick<StoredApplication, 'assigned_agent'>) =>
  user.role === 'agent' && row.assigned_agent !== null && sameEmail(row.assigned_agent, user.email);

/** Who may see an application: its owner, the agent it is assigned to, and admins. */
export const mayViewApplication = (user: SessionUser, row: Pick<StoredApplication, 'user_id' | 'assigned_agent'>) =>
  user.role === 'admin' || isOwner(user, row) || isAssignedAgent(user, row);

/**
 * The applications made with one email, newest first. Given the owner's account (`ownerId`, when
 * the email is the caller's own), theirs are found by account too, so they stay theirs if the
 * email changes.
 */
export function applicationsOf(db: Kysely<Database>, email: string, ownerId: string | null): Promise<StoredApplication[]> {
  const query = db.selectFrom('applications').selectAll().orderBy('applied_at', 'desc');
  return (
    ownerId ? query.where((eb) => eb.or([eb('user_id', '=', ownerId), eb('user_email', '=', email)])) : query.where('user_email', '=', email)
  ).execute();
}
