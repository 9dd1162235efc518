/** Queues an agent's decision (approve or reject) on a claim assigned to them. */
import type { Application } from '../../lib/local-db.ts';
import { enqueue, findQueued, signedInUser, type Queued } from '../../lib/offline/queue.ts';

export async function queueDecision(application: Pick<Application, 'id' | 'name' | 'policyName'>, decision: 'approved' | 'rejected'): Promise<Queued> {
  const user = signedInUser();
  const already = await findQueued(user.id, 'application.decide', application.id);
  if (already) return { mutationId: already.mutationId, targetId: application.id };
  const verb = decision === 'approved' ? 'Approve' : 'Reject';
  return enqueue(user, {
    type: 'application.decide',
    payload: { id: application.id, status: decision },
    summary: `${verb} the claim of ${application.name} (${application.policyName})`,
    targetId: application.id,
    preview: null,
  });
}
