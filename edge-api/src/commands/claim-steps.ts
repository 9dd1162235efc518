/**
 * The steps of an insurance claim after filing (issue 31), each used by its REST route and by
 * sync push, so a step queued offline follows the online rules:
 *
 *   submitted | assigned | more_documents -> assigned      an admin assigns an agent (re-assigns)
 *   assigned | more_documents -> (same)                     the assigned agent adds a note
 *   assigned -> more_documents                              the assigned agent sends it back
 *   more_documents -> assigned                              the claimant added what was missing
 *   assigned -> approved                                    the assigned agent, an amount <= coverage
 *   assigned | more_documents -> rejected                   the assigned agent, with a reason
 *   approved -> paid                                        an admin records the payout
 *
 * As for applications (commands/applications.ts), each step is ONE conditional UPDATE whose
 * row count decides, with its audit row, its notifications and its idempotency record in the
 * same batch: two devices deciding at once make one change and one conflict with the state it
 * ran into, and a replayed step (the same mutation id) answers as the first did. The timeline
 * line is appended by the UPDATE itself. Approving a death claim ends its policy in that batch.
 */
import { sql, type CompiledQuery, type RawBuilder } from 'kysely';
import { claimSnapshot, findClaim, type StoredClaim } from '../db/claims.ts';
import { auditBeforeChange } from '../db/audit-log.ts';
import { lastRow } from '../db/row-snapshot.ts';
import type { SessionUser } from '../http/env.ts';
import { ApiError, conflict, forbidden } from '../http/errors.ts';
import { missingClaimPapers, missingPapersMessage } from '../documents/claim-papers.ts';
import { prepareMutation, runOnce, type MutationKey, type Outcome } from '../lib/idempotency.ts';
import { notifyAboutClaim, notifyAdminsAboutClaim } from '../notifications/claim-events.ts';
import { recordedByHand, type PayoutProvider } from '../payments/payouts.ts';
import type { ClaimAssignInput, ClaimPayoutInput, ClaimResubmitInput, ClaimReviewInput, ClaimStatus } from '../schemas/claim.ts';
import { claimAnswer, type ClaimAnswer, type ClaimDeps } from './claims.ts';

export const claimNotFoundMessage = 'Claim not found';
const claimNotFound = () => new ApiError(404, 'not_found', claimNotFoundMessage);

interface Step {
  action: string;
  from: readonly ClaimStatus[];
  /** Only while the claim is assigned to this agent. */
  assignedTo?: string;
  /** A further condition that must still hold when the step is made. */
  also?: RawBuilder<unknown>;
  /** Columns to set, as SQL (status and updated_at are set by every step that names them). */
  set: Record<string, unknown>;
  /** The timeline's new line(s), as SQL json objects. */
  lines: RawBuilder<unknown>[];
  auditTo: string;
  notify?: (where: RawBuilder<boolean>, at: string) => CompiledQuery[];
  /** After the UPDATE, in the same batch, conditional on it (a death claim ends its policy). */
  after?: (at: string) => CompiledQuery[];
}

const line = (step: string, at: string, actor: SessionUser, text: string | null, amount: number | null = null) =>
  sql`json_object('step', ${step}, 'at', ${at}, 'by', ${actor.role}, 'text', ${text}, 'amountPoisha', ${amount})`;

/** Why a step was refused, from the state the claim is in now. */
export function claimRefusal(action: string, row: Pick<StoredClaim, 'status' | 'claim_number'>): string {
  switch (row.status) {
    case 'paid':
      return `Claim ${row.claim_number} is already paid`;
    case 'rejected':
      return `Claim ${row.claim_number} was already rejected`;
    case 'approved':
      return action === 'claim.payout' ? `Claim ${row.claim_number} cannot be paid now` : `Claim ${row.claim_number} was already approved`;
    case 'more_documents':
      return `Claim ${row.claim_number} waits for the claimant's missing document`;
    case 'submitted':
      return `Claim ${row.claim_number} is not assigned to an agent yet`;
    default:
      return action === 'claim.resubmit' ? `Claim ${row.claim_number} is not waiting for a document` : `Claim ${row.claim_number} is ${row.status} and cannot be changed this way`;
  }
}

async function takeStep(
  deps: ClaimDeps,
  actor: SessionUser,
  id: string,
  command: { name: string; input: unknown; message: string },
  key: MutationKey | undefined,
  authorize: (row: StoredClaim) => void,
  makeStep: (row: StoredClaim, at: string) => Step | Promise<Step>,
): Promise<Outcome<ClaimAnswer>> {
  const { db, batch, clock } = deps;
  const mutation = await prepareMutation(key, command.name, command.input);
  const present = claimAnswer(command.message, actor.role);
  return runOnce(deps, mutation, (stored) => present(stored as StoredClaim), async (record) => {
    const before = await findClaim(db, id);
    if (!before) throw claimNotFound();
    authorize(before);
    const at = clock().toISOString();
    const step = await makeStep(before, at);
    const where = sql<boolean>`${sql.join(
      [
        sql`claims.id = ${id}`,
        sql`claims.status IN (${sql.join(step.from.map((s) => sql`${s}`))})`,
        ...(step.assignedTo !== undefined ? [sql`claims.assigned_agent = ${step.assignedTo} COLLATE NOCASE`] : []),
        ...(step.also ? [step.also] : []),
      ],
      sql` AND `,
    )}`;
    const history = step.lines.reduce<RawBuilder<unknown>>((json, next) => sql`json_insert(${json}, '$[#]', json(${next}))`, sql`claims.history`);
    const sets = sql.join([...Object.entries(step.set).map(([column, value]) => sql`${sql.ref(column)} = ${value}`), sql`updated_at = ${at}`, sql`history = ${history}`]);
    const notices = step.notify?.(where, at) ?? [];
    const results = await batch([
      auditBeforeChange(db, { actor, action: step.action, entity: 'claims', entityId: id, from: sql`claims.status`, to: step.auditTo, at }, 'claims', where),
      ...notices,
      sql`UPDATE claims SET ${sets} WHERE ${where}`.compile(db),
      ...record.success(200, claimSnapshot(id), { afterChange: true }),
      ...(step.after?.(at) ?? []),
      db.selectFrom('claims').selectAll().where('id', '=', id).compile(),
    ]);
    const after = lastRow<StoredClaim>(results);
    if ((results[1 + notices.length]?.changes ?? 0) > 0 && after) return { ok: true, status: 200, body: present(after), replayed: false };
    if (!after) throw claimNotFound();
    authorize(after);
    return record.refuse(409, {
      error: 'conflict',
      message: claimRefusal(step.action, after),
      details: { status: after.status, assignedAgent: after.assigned_agent, claimNumber: after.claim_number },
    });
  });
}

const adminOnly = (actor: SessionUser) => () => {
  if (actor.role !== 'admin') throw forbidden('Only an admin can do this.');
};
const assignedAgentOnly = (actor: SessionUser) => (row: StoredClaim) => {
  if (actor.role !== 'agent' || row.assigned_agent?.toLowerCase() !== actor.email.toLowerCase()) {
    throw forbidden('This claim is not assigned to you.');
  }
};

/** Admin: give the claim to an approved agent (also to another one). */
export async function assignClaim(deps: ClaimDeps, actor: SessionUser, id: string, input: ClaimAssignInput, key?: MutationKey) {
  return takeStep(deps, actor, id, { name: 'claim.assign', input: { id, ...input }, message: 'Agent assigned to the claim' }, key, adminOnly(actor), async (row, at) => {
    const agent = await deps.db.selectFrom('users').select(['id', 'email']).where('email', '=', input.agentEmail).where('role', '=', 'agent').executeTakeFirst();
    if (!agent) {
      throw new ApiError(422, 'validation_failed', `${input.agentEmail} is not an approved agent. Please select an agent from the list.`, {
        fields: { agentEmail: 'Please select an approved agent' },
      });
    }
    if (agent.id === row.claimant_id) throw new ApiError(409, 'conflict', 'An agent cannot clear their own claim. Please select another agent.');
    const isNew = sql<boolean>`(claims.assigned_agent IS NULL OR claims.assigned_agent <> ${agent.email} COLLATE NOCASE)`;
    return {
      action: 'claim.assign',
      from: ['submitted', 'assigned', 'more_documents'],
      also: sql`EXISTS (SELECT 1 FROM users WHERE users.email = ${agent.email} AND users.role = 'agent')`,
      set: { status: sql`CASE WHEN status = 'more_documents' THEN 'more_documents' ELSE 'assigned' END`, assigned_agent: agent.email, assigned_at: at },
      lines: [line('assigned', at, actor, null)],
      auditTo: `assigned to ${agent.email}`,
      notify: (where, when) => [
        ...notifyAboutClaim(deps.db, { event: 'insurance-claim.assigned', claimId: id, at: when, recipient: 'claimant' }, sql`${where} AND claims.assigned_agent IS NULL`),
        ...notifyAboutClaim(deps.db, { event: 'insurance-claim.to-clear', claimId: id, at: when, recipient: { agentEmail: agent.email } }, sql`${where} AND ${isNew}`),
      ],
    };
  });
}

const stepMessages: Record<ClaimReviewInput['step'], string> = {
  note: 'Note added',
  send_back: 'Claim sent back for the missing document',
  approve: 'Claim approved',
  reject: 'Claim rejected',
};

/** Death and maturity are paid once per policy: another claim of that kind already approved or paid, as SQL over `claims`. */
function oncePerPolicy(row: Pick<StoredClaim, 'id' | 'application_id' | 'kind'>): RawBuilder<boolean> | null {
  if (row.kind !== 'death' && row.kind !== 'maturity') return null;
  return sql<boolean>`claims.application_id = ${row.application_id} AND claims.kind = ${row.kind} AND claims.id <> ${row.id}
    AND claims.status IN ('approved', 'paid')`;
}

export const alreadyPaysMessage = (kind: string, number: string) =>
  `Another ${kind} claim on this policy (${number}) was already approved: a policy pays its ${kind} benefit once. Please reject this one.`;

/** The assigned agent clears the claim: a note, a send-back, an approval with an amount, or a rejection. */
export async function reviewClaim(deps: ClaimDeps, actor: SessionUser, id: string, input: ClaimReviewInput, key?: MutationKey) {
  const action = `claim.${input.step === 'send_back' ? 'send-back' : input.step}`;
  return takeStep(deps, actor, id, { name: 'claim.review', input: { id, ...input }, message: stepMessages[input.step] }, key, assignedAgentOnly(actor), async (row, at) => {
    const base = { action, assignedTo: actor.email };
    const tell = (event: 'insurance-claim.sent-back' | 'insurance-claim.approved' | 'insurance-claim.rejected') => (where: RawBuilder<boolean>, when: string) =>
      notifyAboutClaim(deps.db, { event, claimId: id, at: when, recipient: 'claimant' }, where);
    switch (input.step) {
      case 'note':
        return { ...base, from: ['assigned', 'more_documents'], set: {}, lines: [line('note', at, actor, input.note)], auditTo: 'note added' };
      case 'send_back':
        return {
          ...base,
          from: ['assigned'],
          set: { status: 'more_documents', missing_documents: input.missing },
          lines: [line('sent_back', at, actor, input.missing)],
          auditTo: 'more_documents',
          notify: tell('insurance-claim.sent-back'),
        };
      case 'approve': {
        if (input.amountPoisha > row.coverage_poisha) {
          const message = "The amount cannot be more than the policy's coverage";
          throw new ApiError(422, 'validation_failed', message, { fields: { amountPoisha: message }, details: { coveragePoisha: row.coverage_poisha } });
        }
        // Documents are never taken off a claim, so a check before the UPDATE cannot be outrun.
        // A claim in another state is refused by the UPDATE with that state's reason instead.
        const missing = row.status === 'assigned' ? await missingClaimPapers(deps, row) : [];
        if (missing.length > 0) throw conflict(missingPapersMessage(row.claim_number, missing), { missingPapers: missing, claimNumber: row.claim_number });
        // An unverified claim blocks no other (issue 47), so two claims of a kind can be open at
        // once; a policy pays its death or its maturity once, whichever of them is approved first.
        const once = oncePerPolicy(row);
        if (once) {
          const taken = await deps.db.selectFrom('claims').select('claim_number').where(once).executeTakeFirst();
          if (taken) throw conflict(alreadyPaysMessage(row.kind, taken.claim_number), { reason: 'already-pays', kind: row.kind, claimNumber: taken.claim_number });
        }
        const death = row.kind === 'death';
        return {
          ...base,
          from: ['assigned'],
          also: sql`claims.coverage_poisha >= ${input.amountPoisha}${once ? sql` AND NOT EXISTS (SELECT 1 FROM claims WHERE ${once})` : sql``}`,
          set: { status: 'approved', approved_poisha: input.amountPoisha, decided_at: at, decision_reason: null },
          lines: [line('approved', at, actor, null, input.amountPoisha), ...(death ? [line('policy_ended', at, actor, null)] : [])],
          auditTo: 'approved',
          notify: (where: RawBuilder<boolean>, when: string) => [
            ...tell('insurance-claim.approved')(where, when),
            ...notifyAdminsAboutClaim(deps.db, { event: 'insurance-claim.to-pay', claimId: id, at: when }, where),
          ],
          // A death claim ends the policy: no further claim can be filed on it.
          after: (when: string) =>
            death
              ? [
                  sql`INSERT INTO policy_endings (application_id, claim_id, ended_at)
                      SELECT application_id, id, ${when} FROM claims WHERE id = ${id} AND status = 'approved' AND decided_at = ${when}
                      ON CONFLICT DO NOTHING`.compile(deps.db),
                ]
              : [],
        };
      }
      case 'reject':
        return {
          ...base,
          from: ['assigned', 'more_documents'],
          set: { status: 'rejected', decision_reason: input.reason, decided_at: at },
          lines: [line('rejected', at, actor, input.reason)],
          auditTo: 'rejected',
          notify: tell('insurance-claim.rejected'),
        };
    }
  });
}

/** The claimant added what the agent asked for: the claim goes back to the agent. */
export async function resubmitClaim(deps: ClaimDeps, actor: SessionUser, id: string, input: ClaimResubmitInput, key?: MutationKey) {
  const authorize = (row: StoredClaim) => {
    if (row.claimant_id !== actor.id) throw forbidden('Only the person who filed this claim can add to it.');
  };
  return takeStep(deps, actor, id, { name: 'claim.resubmit', input: { id, ...input }, message: 'Sent back to the agent' }, key, authorize, (_row, at) => ({
    action: 'claim.resubmit',
    from: ['more_documents'],
    also: sql`claims.claimant_id = ${actor.id}`,
    set: { status: 'assigned', missing_documents: null },
    lines: [line('resubmitted', at, actor, input.note)],
    auditTo: 'assigned',
    notify: (where, when) => notifyAboutClaim(deps.db, { event: 'insurance-claim.resubmitted', claimId: id, at: when, recipient: 'agent' }, where),
  }));
}

/**
 * Admin: records the payout of an approved claim (the money moved outside the product, see
 * payments/payouts.ts). At most the approved amount, which is at most the coverage. A second
 * record is refused (the claim is paid); a replay of the first answers as the first did.
 */
export async function recordClaimPayout(
  deps: ClaimDeps,
  actor: SessionUser,
  id: string,
  input: ClaimPayoutInput,
  key?: MutationKey,
  provider: PayoutProvider = recordedByHand,
) {
  return takeStep(deps, actor, id, { name: 'claim.payout', input: { id, ...input }, message: 'Payout recorded' }, key, adminOnly(actor), async (row, at) => {
    if (row.status === 'approved' && row.approved_poisha !== null && input.amountPoisha > row.approved_poisha) {
      const message = 'The payout cannot be more than the approved amount';
      throw new ApiError(422, 'validation_failed', message, { fields: { amountPoisha: message }, details: { approvedPoisha: row.approved_poisha } });
    }
    const reference =
      provider.movesMoney && provider.send && row.status === 'approved'
        ? (await provider.send({ claimId: id, claimNumber: row.claim_number, method: input.payoutMethod, account: input.payoutAccount, amountPoisha: input.amountPoisha })).reference
        : input.reference;
    return {
      action: 'claim.payout',
      from: ['approved'],
      also: sql`claims.approved_poisha >= ${input.amountPoisha} AND claims.coverage_poisha >= ${input.amountPoisha}`,
      set: {
        status: 'paid',
        paid_poisha: input.amountPoisha,
        paid_at: at,
        payout_paid_method: input.payoutMethod,
        payout_paid_account: input.payoutMethod === 'bank' && input.payoutBankName ? `${input.payoutBankName} ${input.payoutAccount}` : input.payoutAccount,
        payout_reference: reference,
        receipt_number: `PR-${row.claim_number.slice(4)}`,
      },
      lines: [line('paid', at, actor, reference, input.amountPoisha)],
      auditTo: `paid ${input.amountPoisha} poisha by ${input.payoutMethod}, ref ${reference}`,
      notify: (where, when) => notifyAboutClaim(deps.db, { event: 'insurance-claim.paid', claimId: id, at: when, recipient: 'claimant' }, where),
    };
  });
}
