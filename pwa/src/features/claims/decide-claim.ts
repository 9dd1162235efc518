/**
 * An agent's decision on a policy claim (approve or reject): the ONE place the screens call
 * for it, routed through the offline outbox (lib/offline/) with a client-made mutation id, so
 * a repeated send counts once. Online the server's answer comes back within moments (a refusal
 * is thrown as before); offline the claim is marked 'Waiting to send' and the decision is sent
 * when the network returns (a refusal then appears in the header's Sync problems).
 */
import { ApiRequestError, type ApiErrorBody } from '../../lib/api-error.ts';
import { localDb, type Application } from '../../lib/local-db.ts';
import { awaitServerAnswer } from '../../lib/offline/answers.ts';
import { noEvidence, type Evidence } from './evidence.ts';
import { queueDecision, type RejectionGrounds } from './queue-decision.ts';
import { t } from '../../lib/i18n/runtime.ts';

export type ClaimDecision = 'approved' | 'rejected';

export interface ClaimDecided {
  success: true;
  message: string;
  application: Application;
  /** True when the decision waits on this device to be sent (offline, or the server was slow). */
  queued?: boolean;
  /** Waiting although online: the server did not answer in time. */
  slow?: boolean;
}

export async function decideClaim(
  id: string,
  status: ClaimDecision,
  grounds: RejectionGrounds = {},
  evidence: Evidence = noEvidence,
): Promise<ClaimDecided> {
  const claim = await localDb.applications.get(id);
  const queued = await queueDecision(claim ?? { id, name: 'the applicant', policyName: 'policy' }, status, grounds, evidence);
  const answer = await awaitServerAnswer(queued.mutationId);
  if (answer.state === 'refused') throw new ApiRequestError(answer.status, answer.body as ApiErrorBody | null);
  if (answer.state === 'sent') return answer.body as ClaimDecided;
  const waiting = (await localDb.applications.get(id)) ?? claim;
  if (!waiting) throw new Error(status === 'approved' ? 'Failed to approve claim' : 'Failed to reject claim');
  return { success: true, message: t('sync.waiting'), application: waiting, queued: true, slow: !answer.offline };
}
