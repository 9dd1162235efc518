/** Queues an agent's decision (approve or reject) on a claim assigned to them. */
import { t } from '../../lib/i18n/runtime.ts';
import type { Application } from '../../lib/local-db.ts';
import { enqueue, findQueued, signedInUser, type Queued } from '../../lib/offline/queue.ts';

export async function queueDecision(application: Pick<Application, 'id' | 'name' | 'policyName'>, decision: 'approved' | 'rejected'): Promise<Queued> {
  const user = signedInUser();
  const already = await findQueued(user.id, 'application.decide', application.id);
  if (already) return { mutationId: already.mutationId, targetId: application.id };
  return enqueue(user, {
    type: 'application.decide',
    payload: { id: application.id, status: decision },
    // In the language the agent works in now: Sync problems shows it as it was written.
    summary: t(decision === 'approved' ? 'claim.outboxApprove' : 'claim.outboxReject', { name: application.name, policy: application.policyName }),
    targetId: application.id,
    preview: null,
  });
}
