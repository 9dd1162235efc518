/**
 * Insurance claims as the API and GET /sync show them (migrations/0210, issue 31), and the
 * reads behind them. What changes a claim is commands/claims.ts.
 */
import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import { dhakaToday, requiredDocuments, undecidedClaimStatuses, type ClaimantRelation, type ClaimKind, type ClaimStatus, type PayoutMethod, type RequiredDocument } from '../schemas/claim.ts';
import { rowSnapshot } from './row-snapshot.ts';
import type { ClaimRow, Database, Role } from './schema.ts';

export type StoredClaim = Selectable<ClaimRow>;

/** One line of a claim's timeline. Agents' notes are shown to agents and admins only. */
export interface ClaimStep {
  step: 'filed' | 'assigned' | 'note' | 'sent_back' | 'resubmitted' | 'approved' | 'rejected' | 'paid' | 'policy_ended';
  at: string;
  /** Who took the step, by role (no one's email reaches the claimant). */
  by: Role;
  text: string | null;
  amountPoisha: number | null;
}

export interface Claim {
  id: string;
  claimNumber: string;
  /** The policy in force, by its certificate's number (the application's id for a claim filed before 0235). */
  policyNumber: string;
  policyId: string | null;
  policyName: string;
  /** The policy's Bangla title (issue 48), or null: Bangla screens then show the English one. */
  policyNameBn: string | null;
  insuredName: string;
  claimantEmail: string;
  claimantName: string;
  relation: ClaimantRelation;
  /**
   * Issue 47: filed as the nominee on a policy with no nominee NID on file, so the claimant's
   * link could not be checked (decision 0103). The agent must check it; it blocks no other claim.
   */
  nomineeUnverified: boolean;
  /** The NID the claimant gave as the nominee's: for the assigned agent and admins only, else null. */
  claimantNid: string | null;
  kind: ClaimKind;
  eventDate: string;
  description: string;
  district: string;
  payoutMethod: PayoutMethod;
  payoutAccount: string;
  payoutBankName: string | null;
  coveragePoisha: number;
  status: ClaimStatus;
  assignedAgent: string | null;
  assignedAt: string | null;
  missingDocuments: string | null;
  decisionReason: string | null;
  approvedPoisha: number | null;
  decidedAt: string | null;
  payout: {
    amountPoisha: number;
    method: PayoutMethod;
    account: string;
    reference: string;
    receiptNumber: string;
    paidAt: string;
  } | null;
  /** The documents this kind needs: the claimant's checklist (the documents pipeline attaches them). */
  requiredDocuments: readonly RequiredDocument[];
  filedAt: string;
  /** YYYY-MM-DD in Dhaka: the decision is due by the end of this day. */
  dueOn: string;
  updatedAt: string;
  history: ClaimStep[];
  version: number;
}

function parseHistory(text: string): ClaimStep[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as ClaimStep[]) : [];
  } catch {
    return [];
  }
}

/** A claim for someone of `role`: a claimant does not see the agent's notes. */
export function toClaim(row: StoredClaim, role: Role): Claim {
  const history = parseHistory(row.history);
  return {
    id: row.id,
    claimNumber: row.claim_number,
    policyNumber: row.policy_number ?? row.application_id,
    policyId: row.policy_id,
    policyName: row.policy_name,
    policyNameBn: row.policy_name_bn ?? null,
    insuredName: row.insured_name,
    claimantEmail: row.claimant_email,
    claimantName: row.claimant_name,
    relation: row.claimant_relation,
    nomineeUnverified: row.nominee_unverified === 1,
    claimantNid: role === 'user' ? null : (row.claimant_nid ?? null),
    kind: row.kind,
    eventDate: row.event_date,
    description: row.description,
    district: row.district,
    payoutMethod: row.payout_method,
    payoutAccount: row.payout_account,
    payoutBankName: row.payout_bank_name,
    coveragePoisha: row.coverage_poisha,
    status: row.status,
    assignedAgent: row.assigned_agent,
    assignedAt: row.assigned_at,
    missingDocuments: row.missing_documents,
    decisionReason: row.decision_reason,
    approvedPoisha: row.approved_poisha,
    decidedAt: row.decided_at,
    payout:
      row.status === 'paid' && row.paid_poisha !== null
        ? {
            amountPoisha: row.paid_poisha,
            method: row.payout_paid_method ?? row.payout_method,
            account: row.payout_paid_account ?? row.payout_account,
            reference: row.payout_reference ?? '',
            receiptNumber: row.receipt_number ?? '',
            paidAt: row.paid_at ?? row.updated_at,
          }
        : null,
    requiredDocuments: requiredDocuments[row.kind],
    filedAt: row.filed_at,
    dueOn: row.due_on,
    updatedAt: row.updated_at,
    history: role === 'user' ? history.filter((step) => step.step !== 'note') : history,
    version: row.version,
  };
}

/** Every column, for the idempotency record of a command's answer (db/row-snapshot.ts). */
const claimColumns = [
  'id', 'claim_number', 'application_id', 'policy_number', 'policy_id', 'policy_name', 'policy_name_bn', 'insured_name', 'claimant_id', 'claimant_email',
  'claimant_name', 'claimant_relation', 'kind', 'event_date', 'description', 'district', 'payout_method', 'payout_account',
  'payout_bank_name', 'coverage_poisha', 'status', 'assigned_agent', 'assigned_at', 'missing_documents', 'decision_reason',
  'approved_poisha', 'decided_at', 'paid_poisha', 'paid_at', 'payout_paid_method', 'payout_paid_account', 'payout_reference',
  'receipt_number', 'filed_at', 'due_on', 'overdue_told_at', 'updated_at', 'history', 'version', 'nominee_unverified', 'claimant_nid',
] as const;
export const claimSnapshot = (id: string) => rowSnapshot('claims', claimColumns, id);

export const findClaim = (db: Kysely<Database>, id: string) => db.selectFrom('claims').selectAll().where('id', '=', id).executeTakeFirst();

/** Who may see a claim: its claimant, the agent it is assigned to, or an admin. */
export function maySeeClaim(viewer: { id: string; email: string; role: Role }, row: Pick<StoredClaim, 'claimant_id' | 'assigned_agent'>) {
  if (viewer.role === 'admin') return true;
  if (row.claimant_id === viewer.id) return true;
  return viewer.role === 'agent' && row.assigned_agent !== null && row.assigned_agent.toLowerCase() === viewer.email.toLowerCase();
}

/** The claims a viewer's device keeps (GET /sync), as SQL over `claims`: like applications (decisions 0030, 0060). */
export function visibleClaims(viewer: { id: string; email: string; role: Role; decidedSince?: string }): RawBuilder<boolean> {
  const own = sql`claims.claimant_id = ${viewer.id}`;
  const since = viewer.decidedSince ?? '';
  const open = sql`claims.status IN ('submitted', 'assigned', 'more_documents', 'approved')`;
  if (viewer.role === 'admin') return sql<boolean>`(${own} OR ${open} OR claims.updated_at >= ${since})`;
  if (viewer.role === 'agent') {
    return sql<boolean>`(${own} OR (claims.assigned_agent = ${viewer.email} COLLATE NOCASE AND (${open} OR claims.updated_at >= ${since})))`;
  }
  return sql<boolean>`${own}`;
}

/** A claim still undecided after its due date (Dhaka's calendar). */
export const overdueClaim = (now: Date) =>
  sql<boolean>`(claims.status IN (${sql.join(undecidedClaimStatuses.map((s) => sql`${s}`))}) AND claims.due_on < ${dhakaToday(now)})`;
