/**
 * A policyholder's request for a change (issue 51), sent through the outbox like every other
 * write: asked offline, it is sent once when the network returns (sync push
 * 'service-request.create', carrying its mutation id).
 */
import type { ServiceRequestBody } from 'edge-api/src/schemas/service-request.ts';
import { ApiRequestError, type ApiErrorBody } from '../../lib/api-error.ts';
import { t } from '../../lib/i18n/runtime.ts';
import { awaitServerAnswer } from '../../lib/offline/answers.ts';
import { enqueue, signedInUser } from '../../lib/offline/queue.ts';

export type RequestOutcome = 'sent' | 'queued' | 'slow';

export async function requestChange(body: ServiceRequestBody, policyName: string): Promise<RequestOutcome> {
  const mutationId = crypto.randomUUID();
  await enqueue(signedInUser(), {
    mutationId,
    type: 'service-request.create',
    payload: body as unknown as Record<string, unknown>,
    summary: t('service.outboxSummary', { policy: policyName }),
    targetId: mutationId,
    preview: null,
  });
  const answer = await awaitServerAnswer(mutationId);
  if (answer.state === 'refused') throw new ApiRequestError(answer.status, answer.body as ApiErrorBody | null);
  if (answer.state === 'queued') return answer.offline ? 'queued' : 'slow';
  return 'sent';
}
