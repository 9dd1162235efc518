/** Queues an agent's decision (approve or reject) on a claim assigned to them. */
import type { DecisionInput } from 'edge-api/src/schemas/application.ts';
import { t } from '../../lib/i18n/runtime.ts';
import type { Application } from '../../lib/local-db.ts';
import { enqueue, findQueued, signedInUser, type Queued } from '../../lib/offline/queue.ts';
import { stashDocuments } from '../../lib/documents/pending.ts';
import { documentKindLabel } from '../../components/document-labels.ts';
import { noEvidence, type Evidence } from './evidence.ts';
import { shownPolicyName } from '../../components/policy-text.ts';

/** Why a claim is rejected (issue 29): one of the shared schema's reasons, and the agent's own words. */
export type RejectionGrounds = Pick<DecisionInput, 'reason' | 'note'>;

export async function queueDecision(
  application: Pick<Application, 'id' | 'name' | 'policyName'>,
  decision: 'approved' | 'rejected',
  grounds: RejectionGrounds = {},
  evidence: Evidence = noEvidence,
): Promise<Queued> {
  const user = signedInUser();
  const already = await findQueued(user.id, 'application.decide', application.id);
  if (already) return { mutationId: already.mutationId, targetId: application.id };
  const mutationId = crypto.randomUUID();
  // The evidence is kept with the decision, tied to its mutation id (issue 27).
  await stashDocuments(
    {
      userId: user.id,
      writeId: mutationId,
      targetId: application.id,
      applicationId: application.id,
      note: evidence.note,
      summary: (kind) => t('documents.syncSummary', { document: documentKindLabel(kind), policy: shownPolicyName(application) }),
    },
    evidence.documents,
  );
  return enqueue(user, {
    mutationId,
    type: 'application.decide',
    payload: { id: application.id, status: decision, ...(decision === 'rejected' ? grounds : {}) },
    // In the language the agent works in now: Sync problems shows it as it was written.
    summary: t(decision === 'approved' ? 'claim.outboxApprove' : 'claim.outboxReject', { name: application.name, policy: shownPolicyName(application) }),
    targetId: application.id,
    preview: null,
  });
}
