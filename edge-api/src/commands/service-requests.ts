/**
 * Policy servicing (issue 51, docs/decisions/0111-policy-servicing.md): the holder of a policy in
 * force asks for a change; the policy's assigned agent or an admin approves or refuses it with
 * a reason. Each step is one batch: the request's row, its audit row, the holder's notification
 * and (when approved) the change to the policy commit together or not at all.
 *
 * An approved nominee change or duplicate certificate issues a new certificate version: a new
 * verify code, the old one kept in replaced_certificates so the public check says "replaced".
 * The nominee it replaced is kept in nominee_history: a claim follows the nominee in force on
 * the day of its event (commands/claims.ts, nomineeNidOn).
 */
import { sql, type Kysely } from 'kysely';
import { findApplication, type StoredApplication } from '../db/applications.ts';
import { auditAfterChange, auditInsertAfterChange } from '../db/audit-log.ts';
import { certificateOf } from '../db/papers.ts';
import type { Database, ServiceRequestRow } from '../db/schema.ts';
import type { AppDeps, SessionUser } from '../http/env.ts';
import { ApiError, forbidden, notFound } from '../http/errors.ts';
import { newId } from '../lib/ids.ts';
import { prepareMutation, runOnce, type MutationKey, type Outcome } from '../lib/idempotency.ts';
import { notifyAboutApplication, notifyAdmins } from '../notifications/events.ts';
import type { PremiumMode } from '../schemas/premium-schedule.ts';
import { modeChangeQueries, nothingPaidFrom, paidBeyondAnniversaryMessage, planModeChange, type ModeChangePlan } from './premium-mode-change.ts';
import { claimDueOn, dhakaToday } from '../schemas/claim.ts';
import { type ServiceDecisionInput, type ServiceRequestInput, type ServiceRequestKind, type ServiceRequestStatus } from '../schemas/service-request.ts';
import { nomineeNidPhotoColumn, type ListedServiceRequestRow } from '../db/service-request-rows.ts';

type Deps = Pick<AppDeps, 'db' | 'batch' | 'clock'>;

export interface ServiceRequest {
  id: string;
  applicationId: string;
  kind: ServiceRequestKind;
  changes: Record<string, unknown>;
  /** The values an approved change replaced; null until approved. */
  previous: Record<string, unknown> | null;
  status: ServiceRequestStatus;
  reason: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  createdAt: string;
}

/** A request as the API answers it; `decidedBy` is the staff member's email. */
export function toServiceRequest(row: ServiceRequestRow): ServiceRequest {
  return {
    id: row.id,
    applicationId: row.application_id,
    kind: row.kind,
    changes: JSON.parse(row.changes) as Record<string, unknown>,
    previous: row.previous ? (JSON.parse(row.previous) as Record<string, unknown>) : null,
    status: row.status,
    reason: row.reason,
    decidedBy: row.decided_by_email,
    decidedAt: row.decided_at,
    createdAt: row.created_at,
  };
}

export const onlyYourPoliciesMessage = 'You can only ask for changes to your own policies.';
export const notInForceMessage = 'Only a policy in force (approved and paid) can be changed.';
export const alreadyOpenMessage = 'You already asked for this change on this policy. Please wait for the decision on it first.';
export const notYoursToDecideMessage = 'Only the agent assigned to this policy, or an admin, can decide this request.';
export const alreadyDecidedMessage = (status: string) => `This request was already ${status}.`;

export async function requestServiceChange(
  deps: Deps,
  actor: SessionUser,
  input: ServiceRequestInput,
  key?: MutationKey,
): Promise<Outcome<ServiceRequest>> {
  const { db, batch, clock } = deps;
  const mutation = await prepareMutation(key, 'service-request.create', input);
  return runOnce(deps, mutation, (stored) => stored as ServiceRequest, async (record) => {
    const policy = await findApplication(db, input.applicationId);
    if (!policy) throw notFound('Policy');
    if (policy.user_id !== actor.id) throw forbidden(onlyYourPoliciesMessage);
    if (!certificateOf(policy)) throw new ApiError(409, 'conflict', notInForceMessage);
    // A mode change that could not be made (no schedule, the same mode, dues in arrears) is refused now, with why.
    if (input.kind === 'premium_mode') await planModeChange(deps, policy, input.changes.mode);
    const id = newId();
    const at = clock().toISOString();
    const changes = JSON.stringify(input.changes);
    const body: ServiceRequest = {
      id,
      applicationId: policy.id,
      kind: input.kind,
      changes: input.changes,
      previous: null,
      status: 'pending',
      reason: null,
      decidedBy: null,
      decidedAt: null,
      createdAt: at,
    };
    const results = await batch([
      // One open request of a kind per policy: decided by the insert itself, so two at once make one.
      // The write's key names the documents sent with it (a nominee change's NID photo, migration 0311).
      sql`INSERT INTO service_requests (id, application_id, user_id, kind, changes, status, created_at, write_id)
          SELECT ${id}, ${policy.id}, ${actor.id}, ${input.kind}, ${changes}, 'pending', ${at}, ${key?.mutationId ?? null}
          WHERE NOT EXISTS (SELECT 1 FROM service_requests WHERE application_id = ${policy.id} AND kind = ${input.kind} AND status = 'pending')`.compile(db),
      auditInsertAfterChange(db, { actor, action: `service-request.${input.kind}`, entity: 'service_requests', entityId: id, from: null, to: changes, at }),
      ...record.success(201, { json: body }, { afterChange: true }),
      // After the record: it reads changes() of the audit row just before it.
      ...notifyStaffOfRequest(db, id, policy, at),
    ]);
    if ((results[0]?.changes ?? 0) > 0) return { ok: true, status: 201, body, replayed: false };
    return record.refuse(409, { error: 'conflict', message: alreadyOpenMessage });
  });
}

/**
 * The staff who decide a new request hear of it, in their own language (the inbox's and the
 * push's texts are per recipient): the agent assigned to the policy, else every admin. Written
 * after the request's insert, only if it inserted (a second one of a kind while one is open tells nobody).
 */
function notifyStaffOfRequest(db: Kysely<Database>, id: string, policy: StoredApplication, at: string) {
  const asked = sql`EXISTS (SELECT 1 FROM service_requests WHERE service_requests.id = ${id} AND service_requests.created_at = ${at})`;
  const agentId = sql`(SELECT users.id FROM users WHERE users.email = applications.assigned_agent COLLATE NOCASE AND users.role = 'agent')`;
  const noAgent = sql`NOT EXISTS (SELECT 1 FROM applications JOIN users ON users.email = applications.assigned_agent COLLATE NOCASE AND users.role = 'agent'
    WHERE applications.id = ${policy.id})`;
  return [
    ...notifyAboutApplication(db, { event: 'service-request.new', applicationId: policy.id, at, recipient: agentId }, sql`id = ${policy.id} AND ${asked} AND ${agentId} IS NOT NULL`),
    ...notifyAdmins(db, { event: 'service-request.new', entityId: policy.id, policyName: policy.policy_name, policyNameBn: policy.policy_name_bn ?? null, at }, sql`${asked} AND ${noAgent}`),
  ];
}

const mayDecide = (user: SessionUser, policy: Pick<StoredApplication, 'assigned_agent'>) =>
  user.role === 'admin' ||
  (user.role === 'agent' && policy.assigned_agent !== null && policy.assigned_agent.toLowerCase() === user.email.toLowerCase());

/** A new certificate's verify code: 128 random bits as hex, as migration 0170 gives the first. */
function newVerifyCode(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** What an approved request changes on the policy, and the values it replaces (for the history). */
function approvedChange(
  db: Kysely<Database>,
  request: ServiceRequestRow,
  policy: StoredApplication,
  at: string,
  decidedHere: ReturnType<typeof sql>,
  modePlan: ModeChangePlan | null,
) {
  const changes = JSON.parse(request.changes) as Record<string, string | null>;
  const newVersion = () => {
    const code = newVerifyCode();
    return [
      sql`INSERT INTO replaced_certificates (verify_code, application_id, replaced_at)
          SELECT verify_code, id, ${at} FROM applications WHERE id = ${policy.id} AND verify_code IS NOT NULL AND ${decidedHere}`.compile(db),
      sql`UPDATE applications SET verify_code = ${code}, certificate_version_at = ${at} WHERE id = ${policy.id} AND ${decidedHere}`.compile(db),
    ];
  };
  switch (request.kind) {
    case 'nominee': {
      const previous = { nomineeName: policy.nominee_name, relationship: policy.relationship, nomineeNid: policy.nominee_nid ?? null };
      return {
        previous,
        queries: [
          sql`INSERT INTO nominee_history (application_id, service_request_id, nominee_name, relationship, nominee_nid, replaced_on)
              SELECT id, ${request.id}, nominee_name, relationship, nominee_nid, ${dhakaToday(new Date(at))}
              FROM applications WHERE id = ${policy.id} AND ${decidedHere}`.compile(db),
          sql`UPDATE applications SET nominee_name = ${changes.nomineeName ?? policy.nominee_name}, relationship = ${changes.relationship ?? policy.relationship},
                nominee_nid = ${changes.nomineeNid ?? null}
              WHERE id = ${policy.id} AND ${decidedHere}`.compile(db),
          ...newVersion(),
        ],
      };
    }
    case 'contact': {
      const previous = { address: policy.address, phone: policy.phone ?? null };
      return {
        previous,
        queries: [
          sql`UPDATE applications SET address = coalesce(${changes.address ?? null}, address), phone = coalesce(${changes.phone ?? null}, phone)
              WHERE id = ${policy.id} AND ${decidedHere}`.compile(db),
        ],
      };
    }
    case 'duplicate_certificate':
      // A duplicate is a new version too: the lost paper's code then says it was replaced.
      return { previous: { verifyCode: policy.verify_code ?? null }, queries: newVersion() };
    case 'premium_mode': {
      if (!modePlan) throw new Error('A premium mode change is approved with its plan');
      return { previous: { mode: policy.premium_mode, from: modePlan.from }, queries: modeChangeQueries(db, policy.id, modePlan, decidedHere) };
    }
  }
}

export async function decideServiceRequest(deps: Deps, actor: SessionUser, id: string, input: ServiceDecisionInput): Promise<ServiceRequest> {
  const { db, batch, clock } = deps;
  const request = await db.selectFrom('service_requests').selectAll().where('id', '=', id).executeTakeFirst();
  if (!request) throw notFound('Service request');
  const policy = await findApplication(db, request.application_id);
  if (!policy) throw notFound('Service request');
  if (!mayDecide(actor, policy)) throw forbidden(notYoursToDecideMessage);
  if (request.status !== 'pending') throw new ApiError(409, 'conflict', alreadyDecidedMessage(request.status), { details: { status: request.status } });
  const at = clock().toISOString();
  // The decision of this very batch: what follows it happens only if it was made here.
  const decidedHere = sql`EXISTS (SELECT 1 FROM service_requests WHERE id = ${id} AND status = ${input.status} AND decided_at = ${at} AND decided_by_id = ${actor.id})`;
  const approved = input.status === 'approved';
  // A mode change is planned on the day of approval (from the next anniversary), or refused with why.
  const modePlan = approved && request.kind === 'premium_mode' ? await planModeChange(deps, policy, (JSON.parse(request.changes) as { mode: PremiumMode }).mode) : null;
  const change = approved ? approvedChange(db, request, policy, at, decidedHere, modePlan) : { previous: null, queries: [] };
  const results = await batch([
    sql`UPDATE service_requests SET status = ${input.status}, reason = ${input.reason}, previous = ${change.previous ? JSON.stringify(change.previous) : null},
          decided_by_id = ${actor.id}, decided_by_email = ${actor.email}, decided_at = ${at}
        WHERE id = ${id} AND status = 'pending' AND ${modePlan ? nothingPaidFrom(policy.id, modePlan) : sql`1`}`.compile(db),
    auditAfterChange(db, {
      actor,
      action: `service-request.${input.status === 'approved' ? 'approve' : 'refuse'}`,
      entity: 'service_requests',
      entityId: id,
      from: 'pending',
      to: `${input.status}: ${input.reason}`,
      at,
    }),
    ...change.queries,
    ...notifyAboutApplication(
      db,
      { event: input.status === 'approved' ? 'service-request.approved' : 'service-request.refused', applicationId: policy.id, at },
      sql`id = ${policy.id} AND ${decidedHere}`,
    ),
  ]);
  const decided = await db.selectFrom('service_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  if ((results[0]?.changes ?? 0) === 0) {
    if (decided.status === 'pending' && modePlan) throw new ApiError(409, 'conflict', paidBeyondAnniversaryMessage, { details: { kind: 'premium_mode', from: modePlan.from } });
    throw new ApiError(409, 'conflict', alreadyDecidedMessage(decided.status), { details: { status: decided.status } });
  }
  return toServiceRequest(decided);
}

export interface ServiceRequestListItem extends ServiceRequest {
  policyName: string;
  policyNameBn: string | null;
  policyNumber: string | null;
  holder: string;
  /** Working days it has waited; open only. */
  overdue: boolean;
  dueOn: string;
  /**
   * A nominee change's photo of the new nominee's NID, once it has reached the server: a document
   * of the policy (GET /api/applications/:applicationId/documents/:documentId). Null until then.
   */
  nomineeNidPhoto: { documentId: string } | null;
}

/** A request as the lists answer it (and the sync pull carries it); `overdue` as of `today` (a Dhaka day). */
export function toServiceRequestListItem(row: ListedServiceRequestRow, workingDays: number, today: string): ServiceRequestListItem {
  const dueOn = claimDueOn(new Date(row.created_at), workingDays);
  return {
    ...toServiceRequest(row),
    policyName: row.policy_name,
    policyNameBn: row.policy_name_bn ?? null,
    policyNumber: row.policy_number ?? null,
    holder: row.holder,
    dueOn,
    overdue: row.status === 'pending' && today > dueOn,
    nomineeNidPhoto: row.nominee_nid_photo ? { documentId: row.nominee_nid_photo } : null,
  };
}

/** Whose requests a list holds: an admin all; an agent those on policies assigned to them; anyone else their own. */
export async function listServiceRequests(
  deps: Pick<AppDeps, 'db' | 'clock'> & { workingDays: number },
  viewer: SessionUser,
  query: { page?: number | undefined; pageSize?: number | undefined; status?: ServiceRequestStatus | undefined; applicationId?: string | undefined },
) {
  const { db } = deps;
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? 20;
  let base = db.selectFrom('service_requests').innerJoin('applications', 'applications.id', 'service_requests.application_id');
  if (viewer.role === 'agent') base = base.where(sql<boolean>`applications.assigned_agent = ${viewer.email} COLLATE NOCASE`);
  else if (viewer.role !== 'admin') base = base.where('service_requests.user_id', '=', viewer.id);
  if (query.status) base = base.where('service_requests.status', '=', query.status);
  if (query.applicationId) base = base.where('service_requests.application_id', '=', query.applicationId);
  const [rows, counted] = await Promise.all([
    base
      .selectAll('service_requests')
      .select(['applications.policy_name', 'applications.policy_name_bn', 'applications.policy_number', 'applications.name as holder'])
      .select(nomineeNidPhotoColumn)
      // Open ones first, the longest waiting at the top; then the newest decisions.
      .orderBy(sql`service_requests.status = 'pending'`, 'desc')
      .orderBy(sql`CASE WHEN service_requests.status = 'pending' THEN service_requests.created_at END`, 'asc')
      .orderBy('service_requests.created_at', 'desc')
      .orderBy('service_requests.id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select(sql<number>`count(*)`.as('total')).executeTakeFirst(),
  ]);
  const today = dhakaToday(deps.clock());
  return {
    items: rows.map((row) => toServiceRequestListItem(row, deps.workingDays, today)),
    total: Number(counted?.total ?? 0),
    page,
    pageSize,
  };
}
