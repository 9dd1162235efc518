/**
 * The claim steps made in the field, routed through the offline outbox (lib/offline/) with a
 * client-made mutation id, like applications and decisions: filing (the claimant), the agent's
 * note, send-back, approval and rejection, and the claimant's answer to a send-back. Online the
 * server's answer comes back within moments (a refusal is thrown, with its reason); offline the
 * step is kept on this device, shown as 'Waiting to send', and sent when the network returns
 * (a refusal then appears in the header's Sync problems).
 */
import type { ClaimRequest, ClaimReviewInput } from 'edge-api/src/schemas/claim.ts';
import { claimDueOn, requiredDocuments } from 'edge-api/src/schemas/claim.ts';
import type { RequiredDocument } from 'edge-api/src/schemas/claim.ts';
import { ApiRequestError, type ApiErrorBody } from '../../lib/api-error.ts';
import { dropDocumentsOf, stashDocuments, type ChosenDocument } from '../../lib/documents/pending.ts';
import type { Claim } from '../../lib/local-db.ts';
import { awaitServerAnswer } from '../../lib/offline/answers.ts';
import { enqueue, signedInUser } from '../../lib/offline/queue.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { documentLabel, kindLabel } from './claim-texts.ts';
import { shownPolicyName } from '../../components/policy-text.ts';

export type StepOutcome = { state: 'sent'; claim: Claim | null } | { state: 'queued'; offline: boolean };

async function outcomeOf(mutationId: string): Promise<StepOutcome> {
  const answer = await awaitServerAnswer(mutationId);
  if (answer.state === 'refused') throw new ApiRequestError(answer.status, answer.body as ApiErrorBody | null);
  if (answer.state === 'sent') return { state: 'sent', claim: (answer.body as { claim?: Claim } | null)?.claim ?? null };
  return answer;
}

/** The decision's due date the device shows until the server's copy arrives (the default 10 working days). */
const provisionalWorkingDays = 10;

/**
 * Keeps a claim's photos with the write they come with (its mutation id), to go up after it
 * (lib/documents/uploader.ts), addressed to the claim's id, which the device made.
 */
async function stashClaimDocuments(claim: { id: string; claimNumber: string }, writeId: string, documents: ChosenDocument[], note?: string) {
  await stashDocuments(
    {
      userId: signedInUser().id,
      writeId,
      targetId: claim.id,
      applicationId: null,
      claimId: claim.id,
      note,
      summary: (_kind, paper) => t('claims.documentSummary', { document: paper ? documentLabel(paper as RequiredDocument) : t('claims.evidence'), number: claim.claimNumber }),
    },
    documents,
  );
}

/** The write was refused at once: its photos go with it. */
async function orDrop(mutationId: string, outcome: Promise<StepOutcome>): Promise<StepOutcome> {
  try {
    return await outcome;
  } catch (failure) {
    await dropDocumentsOf(mutationId);
    throw failure;
  }
}

/** Files a claim; its id and number are made here, so the claimant has the number at once. */
export async function fileClaim(
  request: ClaimRequest & { policyName: string; policyNameBn: string | null; insuredName: string; coveragePoisha: number; shownPolicyNumber: string },
  documents: ChosenDocument[] = [],
): Promise<StepOutcome> {
  const user = signedInUser();
  const { policyName, policyNameBn, insuredName, coveragePoisha, shownPolicyNumber, ...payload } = request;
  const mutationId = crypto.randomUUID();
  await stashClaimDocuments(request, mutationId, documents);
  const now = new Date().toISOString();
  const preview: Claim = {
    id: request.id,
    claimNumber: request.claimNumber,
    // The certificate's number when the device knows it, as the server will show it.
    policyNumber: shownPolicyNumber,
    policyId: null,
    policyName,
    policyNameBn,
    insuredName,
    claimantEmail: user.email,
    claimantName: user.name ?? user.email,
    relation: request.relation,
    // The server decides (a policy with no nominee NID on file); until it answers, nothing is claimed.
    nomineeUnverified: false,
    claimantNid: null,
    kind: request.kind,
    eventDate: request.eventDate,
    description: request.description,
    district: request.district,
    payoutMethod: request.payoutMethod,
    payoutAccount: request.payoutAccount,
    payoutBankName: request.payoutBankName ?? null,
    coveragePoisha,
    status: 'submitted',
    assignedAgent: null,
    assignedAt: null,
    missingDocuments: null,
    decisionReason: null,
    approvedPoisha: null,
    decidedAt: null,
    payout: null,
    requiredDocuments: requiredDocuments[request.kind],
    filedAt: now,
    dueOn: claimDueOn(new Date(now), provisionalWorkingDays),
    updatedAt: now,
    history: [{ step: 'filed', at: now, by: user.role as 'user', text: null, amountPoisha: null }],
    // Version 0: a preview, never a server row (lib/claim-overlay.ts).
    version: 0,
  };
  const queued = await enqueue(user, {
    mutationId,
    type: 'claim.file',
    payload: payload as Record<string, unknown>,
    summary: t('claims.outboxFile', { kind: kindLabel(request.kind), policy: shownPolicyName({ policyName, policyNameBn }), number: request.claimNumber }),
    targetId: request.id,
    preview: null,
    claimPreview: preview,
  });
  return orDrop(mutationId, outcomeOf(queued.mutationId));
}

/** The assigned agent's step: a note, a send-back, an approval or a rejection. */
export async function reviewClaim(claim: Pick<Claim, 'id' | 'claimNumber'>, step: ClaimReviewInput, evidence: ChosenDocument[] = []): Promise<StepOutcome> {
  const user = signedInUser();
  const mutationId = crypto.randomUUID();
  // Evidence photos ride with the step (a note carries them), sent after it.
  await stashClaimDocuments(claim, mutationId, evidence, step.step === 'note' ? step.note : undefined);
  const summaries = { note: 'claims.outboxNote', send_back: 'claims.outboxSendBack', approve: 'claims.outboxApprove', reject: 'claims.outboxReject' } as const;
  const queued = await enqueue(user, {
    mutationId,
    type: 'claim.review',
    payload: { id: claim.id, ...step },
    summary: t(summaries[step.step], { number: claim.claimNumber }),
    targetId: claim.id,
    preview: null,
  });
  return orDrop(mutationId, outcomeOf(queued.mutationId));
}

/** The claimant added what the agent asked for, with the photo of the missing paper. */
export async function resubmitClaim(claim: Pick<Claim, 'id' | 'claimNumber'>, note: string, documents: ChosenDocument[] = []): Promise<StepOutcome> {
  const user = signedInUser();
  const mutationId = crypto.randomUUID();
  await stashClaimDocuments(claim, mutationId, documents);
  const queued = await enqueue(user, {
    mutationId,
    type: 'claim.resubmit',
    payload: { id: claim.id, note },
    summary: t('claims.outboxResubmit', { number: claim.claimNumber }),
    targetId: claim.id,
    preview: null,
  });
  return orDrop(mutationId, outcomeOf(queued.mutationId));
}
